// `tsx bench/src/bare-proxy.ts <target origin> <port>`: the floor the gateway is measured against,
// a pass-through proxy with nothing but node:http and a keep-alive agent, in its own process as the
// gateway is. Bench-only: none of the gateway's auth, limits, headers or logging.
import http from 'node:http';

const [target, port] = process.argv.slice(2);
if (!target || !port) throw new Error('usage: bare-proxy.ts <target origin> <port>');
const upstream = new URL(target);
const agent = new http.Agent({ keepAlive: true });

http
  .createServer((req, res) => {
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  })
  .listen(Number(port), '127.0.0.1');
