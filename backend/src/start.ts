import fs from 'node:fs';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { createApp, type AppDeps } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { seedDemoData } from './demo/demo-data.ts';
import { ensureOwner } from './auth/owner-account.ts';
import { sessionRepository } from './auth/session.repository.ts';
import { calendarFeedRepository } from './calendar-feed/calendar-feed.repository.ts';
import { userRepository } from './auth/user.repository.ts';
import { photoRepository } from './photos/photo.repository.ts';
import { removeOrphanPhotos } from './photos/photo.storage.ts';
import { holdKeptAliveSockets } from './http/keep-alive.ts';
import type { Outbox } from './outbox/outbox.ts';
import { publicUrl as publicUrlOf, type PublicUrl } from './phone/public-url.ts';
import { backupBeforeUpgrade } from './backups/backup-before-upgrade.ts';
import type { ConversationRelay } from './phone/relay/conversation-relay.ts';
import type { BackupService } from './backups/backup-service.ts';

export interface RunningServer {
  server: Server;
  app: Express;
  db: Db;
  config: Config;
  url: string;
  /** The address Twilio and customers reach the server at; `npm start` may move it to a tunnel. */
  publicUrl: PublicUrl;
  /** Lines for the operator (e.g. the demo owner's one-time password). */
  notices: string[];
  close(): Promise<void>;
}

/** Opens the data folder, migrates, seeds demo data on a new database, and listens. */
export async function startServer(
  config: Config,
  options: Pick<
    AppDeps,
    'reportError' | 'logger' | 'clock' | 'pause' | 'backupTimer' | 'outboxPassEveryMs' | 'twilioTimeoutMs'
  > = {},
): Promise<RunningServer> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  // Uploads interrupted by a crash leave temporary files; none of them belongs to a row.
  fs.rmSync(config.uploadTempDir, { recursive: true, force: true });
  // An upgrade never starts without a backup of what it changes; a failure names it.
  const upgradeBackup = await backupBeforeUpgrade(config, new Date((options.clock ?? Date.now)()));
  const db = openDatabase(config.databaseFile, config.migrationsDir, { backup: upgradeBackup?.dir });
  const orphans = removeOrphanPhotos(config, photoRepository(db).exists);
  if (config.demoData) await seedDemoData(db, config);
  const notices = await ensureOwner(config, userRepository(db));
  if (upgradeBackup)
    notices.push(
      `Backed up the database and photos to ${upgradeBackup.dir} before applying ${upgradeBackup.pending} migration(s).`,
    );
  if (orphans)
    notices.push(`Removed ${orphans} photo file(s) left without a record by an interrupted upload.`);
  const sessions = sessionRepository(db, config.session, calendarFeedRepository(db));
  sessions.sweep();
  const sweeper = setInterval(() => sessions.sweep(), 3_600_000).unref();
  const publicUrl = publicUrlOf(config.publicBaseUrl);
  const app = createApp(config, { db, publicUrl, ...options });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  holdKeptAliveSockets(server);
  // Twilio's ConversationRelay sockets (a signed upgrade); every other upgrade is refused there.
  const relay = app.locals.relay as ConversationRelay;
  server.on('upgrade', relay.upgrade);
  const backups = app.locals.backups as BackupService;
  backups.start();
  // Due messages (and any a crash left mid-send) go out from the first pass on.
  const outbox = app.locals.outbox as Outbox;
  outbox.scheduler.start(options.outboxPassEveryMs);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return {
    server,
    app,
    db,
    config,
    url: `http://${host}:${port}`,
    publicUrl,
    notices,
    close: async () => {
      // Work that runs after a webhook answered (e.g. a Messenger reply) finishes before the database closes.
      await (app.locals.settled as (() => Promise<void>) | undefined)?.();
      // A backup under way finishes (its copy needs the open database) before the database closes.
      await backups.stop();
      await outbox.scheduler.stop();
      // Streamed calls' sockets close (Twilio reconnects them to the next server) and their turns are stored.
      await relay.close();
      return new Promise<void>((resolve) => {
        clearInterval(sweeper);
        server.closeAllConnections();
        server.close(() => {
          db.close();
          resolve();
        });
      });
    },
  };
}
