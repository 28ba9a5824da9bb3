// The control of the cached-page tail bench (test/bench/cached-tail.ts): a bare node:http server answering
// every request for a path with the bytes and headers the web service's page cache answered for it once
// (read from PAGES, a JSON file the bench writes). No framework, no hooks, no timers: what the machine, the
// loopback and autocannon make of the same answers, the floor the cached pages' tail is measured against.
import fs from 'node:fs';
import http from 'node:http';

interface Page { status: number; headers: Record<string, string>; body: string }
const pages = JSON.parse(fs.readFileSync(process.env.PAGES ?? '', 'utf8')) as Record<string, Page>;
const answers = new Map(Object.entries(pages).map(([url, p]) => [url, { status: p.status, headers: p.headers, body: Buffer.from(p.body, 'base64') }]));

http.createServer((req, res) => {
  if (req.url === '/readyz') {
    res.end('ready');
    return;
  }
  const page = answers.get(req.url ?? '/');
  if (!page) {
    res.statusCode = 404;
    res.end();
    return;
  }
  res.writeHead(page.status, { ...page.headers, 'content-length': String(page.body.length) });
  res.end(page.body);
}).listen(Number(process.env.PORT), '127.0.0.1');

process.on('SIGTERM', () => process.exit(0));
