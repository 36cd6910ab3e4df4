import type { Server } from 'node:http';

/**
 * What a feature runs beside its routes (timers, sockets, schedulers, work after a webhook
 * answered). startServer starts every feature's in app.ts's order once the server listens, and
 * stops them in reverse before the database closes. A feature without any returns none.
 */
export interface FeatureLifecycle {
  /** Who runs it, for a fault's message. */
  name: string;
  start?(server: Server): void;
  /** Resolves once what it runs has finished (a backup, a send, a socket's turns) and nothing more starts. */
  stop?(): Promise<void>;
}
