// The bare counterpart of an admin list over HTTP, in a process of its own like the measured
// server: Node's http module answering every GET with one list page already made and compressed,
// so no routing, session, SQL, JSON or compression. What it takes is what any answer of that size
// takes on this machine right now.
//   bare-page-server.ts <file holding the page's bytes> [its Content-Encoding]
//   child → parent: { type: 'ready', url } once it listens
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

if (!process.send) throw new Error('start me with fork()');
const [file, encoding] = process.argv.slice(2);
const body = fs.readFileSync(file!);
const headers = {
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Length': body.length,
  ...(encoding && { 'Content-Encoding': encoding }),
};
const server = http.createServer((_req, res) => {
  res.writeHead(200, headers).end(body);
});
server.listen(0, '127.0.0.1', () =>
  process.send!({ type: 'ready', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
);
