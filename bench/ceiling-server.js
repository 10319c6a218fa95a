// The throughput ceiling: a bare node:http server answering every request with one pre-built
// JSON body of the given byte size. Run as a child process: `node ceiling-server.js BYTES`.
import { createServer } from 'node:http';

const bytes = Number(process.argv[2]);
if (!Number.isInteger(bytes) || bytes < 64) {
  throw new TypeError(`body size must be an integer of at least 64 bytes, got ${process.argv[2]}`);
}
const shell = '{"results":[],"pad":""}';
const body = Buffer.from(shell.replace('""', `"${'x'.repeat(bytes - shell.length)}"`));
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };

const server = createServer((request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`ceiling listening on http://127.0.0.1:${server.address().port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
