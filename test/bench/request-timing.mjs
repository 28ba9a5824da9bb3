// Loaded into a server process by test/bench/cached-tail.ts (`node --import …/request-timing.mjs`), never by
// the app: records when each HTTP request reached the process's 'request' listener and how long it took to the
// answer's 'finish', the process's garbage collections, and which answers were served stale from the page cache
// (each of which starts a background render), all on the wall clock (performance.timeOrigin + now, to the
// microsecond, the same clock as the bench's). GET /__timing answers them as JSON and starts afresh.
import http from 'node:http';
import { performance, PerformanceObserver } from 'node:perf_hooks';

const now = () => performance.timeOrigin + performance.now();
let requests = [];
let gcs = [];
let stale = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push([performance.timeOrigin + e.startTime, e.duration, e.detail?.kind ?? 0]);
}).observe({ entryTypes: ['gc'] });

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === 'request') {
    if (req.url === '/__timing') {
      const body = JSON.stringify({ requests, gcs, stale });
      requests = [];
      gcs = [];
      stale = [];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
      return true;
    }
    const t0 = now();
    res.once('finish', () => {
      requests.push([t0, now() - t0]);
      // Fastify hands its headers to writeHead, so they are read from the header block as sent.
      if (/\r\nx-page-cache: stale\r\n/i.test(res._header ?? '')) stale.push(t0);
    });
  }
  return emit.apply(this, arguments);
};
