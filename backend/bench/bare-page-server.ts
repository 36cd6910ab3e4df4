// The bare counterpart of an admin list over HTTP, in a process of its own like the measured
// server: Node's http module answering every GET with one list page already made and compressed
// (BARE_PAGE_FILE, its encoding BARE_PAGE_ENCODING), so no routing, session, SQL, JSON or
// compression. What it takes is what any answer of that size takes on this machine right now.
//   child → parent: { type: 'ready', url } once it listens
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

if (!process.send) throw new Error('start me with fork()');
const body = fs.readFileSync(process.env.BARE_PAGE_FILE!);
const headers = {
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Length': body.length,
  ...(process.env.BARE_PAGE_ENCODING && { 'Content-Encoding': process.env.BARE_PAGE_ENCODING }),
};
const server = http.createServer((_req, res) => {
  res.writeHead(200, headers).end(body);
});
server.listen(0, '127.0.0.1', () =>
  process.send!({ type: 'ready', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
);
