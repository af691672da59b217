// A stand-in service process for the fault suite: answers GET /api/catalog/plans at once and
// holds GET /api/catalog/hang open forever, so the suite can kill it mid-request.
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
createServer((req, res) => {
  if (req.url === '/api/catalog/hang') return;
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ plans: [] }));
}).listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
