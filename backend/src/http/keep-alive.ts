import type { Server } from 'node:http';

/** Longer than the keep-alive of browsers' and Node's HTTP clients and of common proxies (60 s). */
export const KEEP_ALIVE_MS = 65_000;

/**
 * Node closes an idle kept-alive socket after 5 s by default. A client that reuses that socket at
 * the same moment (the desktop app, a proxy, an SDK, a test's request context) gets ECONNRESET on
 * a request the server never saw. Holding sockets longer than clients do leaves the close to them.
 */
export function holdKeptAliveSockets(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
