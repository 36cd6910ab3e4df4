import fs from 'node:fs';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { createApp, type AppDeps } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { seedDemoData } from './demo/demo-data.ts';
import { ensureOwner } from './auth/owner-account.ts';
import { userRepository } from './auth/user.repository.ts';
import { photoRepository } from './photos/photo.repository.ts';
import { removeOrphanPhotos } from './photos/photo.storage.ts';
import { holdKeptAliveSockets } from './http/keep-alive.ts';
import type { Outbox } from './outbox/outbox.ts';
import type { FeatureLifecycle } from './feature-lifecycle.ts';
import { publicUrl as publicUrlOf, type PublicUrl } from './phone/public-url.ts';
import { backupBeforeUpgrade } from './backups/backup-before-upgrade.ts';
import { guardDatabaseFile, lockDataFolder, markDatabaseCreated } from './backups/data-folder-guard.ts';

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
  /** The durable outbox (tests and scripts run a pass of its scheduler themselves). */
  outbox: Outbox;
  /** Resolves once work started after a webhook answered (Messenger and text replies) is done. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

type StartOptions = Pick<
  AppDeps,
  | 'reportError'
  | 'logger'
  | 'clock'
  | 'pause'
  | 'backupTimer'
  | 'planSeasonTimer'
  | 'outboxPassEveryMs'
  | 'twilioTimeoutMs'
  | 'holdPhotoProcessing'
>;

/**
 * Holds the data folder's lock (issue 31: `npm run restore` refuses while a server runs) from
 * before the database opens until close, released too when the start fails (a restart policy
 * starts again in this same folder).
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const releaseDataFolder = lockDataFolder(config.dataDir, 'server');
  try {
    const running = await openAndListen(config, options);
    return { ...running, close: () => running.close().finally(releaseDataFolder) };
  } catch (error) {
    releaseDataFolder();
    throw error;
  }
}

/** Opens the data folder, migrates, seeds demo data on a new database, and listens. */
async function openAndListen(config: Config, options: StartOptions): Promise<RunningServer> {
  // Uploads interrupted by a crash leave temporary files; none of them belongs to a row.
  fs.rmSync(config.uploadTempDir, { recursive: true, force: true });
  // Issue 31: a folder that held a database and lost it is refused, never demo-seeded afresh.
  guardDatabaseFile(config.dataDir, config.databaseFile);
  // An upgrade never starts without a backup of what it changes; a failure names it.
  const upgradeBackup = await backupBeforeUpgrade(config, new Date((options.clock ?? Date.now)()));
  const db = openDatabase(config.databaseFile, config.migrationsDir, { backup: upgradeBackup?.dir });
  markDatabaseCreated(config.dataDir);
  const storedPhotos = photoRepository(db);
  const orphans = removeOrphanPhotos(
    config,
    storedPhotos.exists,
    (id) => storedPhotos.stateOf(id) === 'pending',
  );
  if (config.demoData) await seedDemoData(db, config);
  const notices = await ensureOwner(config, userRepository(db));
  if (upgradeBackup)
    notices.push(
      upgradeBackup.reused
        ? `The backup in ${upgradeBackup.dir}, taken before an earlier try of this upgrade, holds this same database; applied ${upgradeBackup.pending} migration(s).`
        : `Backed up the database and photos to ${upgradeBackup.dir} before applying ${upgradeBackup.pending} migration(s).`,
    );
  if (orphans)
    notices.push(`Removed ${orphans} photo file(s) left without a record by an interrupted upload.`);
  const publicUrl = publicUrlOf(config.publicBaseUrl);
  const { app, lifecycles, outbox, settled } = createApp(config, { db, publicUrl, ...options });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  holdKeptAliveSockets(server);
  // What the features run beside their routes, in app.ts's order (the sessions sweeper, the
  // streamed calls' socket upgrades, the outbox scheduler, backups, replies after webhooks).
  const started: FeatureLifecycle[] = [];
  for (const feature of lifecycles) {
    feature.start?.(server);
    started.push(feature);
  }
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
    outbox,
    settled,
    close: async () => {
      // In reverse: each feature's work under way finishes while what it needs still runs, and
      // all of it before the database closes.
      for (const feature of started.reverse()) await feature.stop?.();
      return new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          db.close();
          resolve();
        });
      });
    },
  };
}
