// The control of the proxy bench (test/bench/proxy.ts): the least a second process can cost, a bare
// node:http server piping each /api call to the api over a keep-alive agent. No framework, no hooks, no
// header rules: not a proxy to run, only the floor our web proxy is measured against.
import http from 'node:http';

const port = Number(process.env.PORT);
const api = new URL(process.env.API_URL ?? 'http://127.0.0.1:3001');
const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

http.createServer((req, res) => {
  if (req.url === '/readyz') {
    res.end('ready');
    return;
  }
  const upstream = http.request({ host: api.hostname, port: api.port, path: (req.url ?? '/').replace(/^\/api/, ''), method: req.method, headers: { ...req.headers, host: api.host }, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    res.statusCode = 502;
    res.end();
  });
  req.pipe(upstream);
}).listen(port, '127.0.0.1');

process.on('SIGTERM', () => process.exit(0));
