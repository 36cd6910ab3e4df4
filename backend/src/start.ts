import fs from 'node:fs';
import type { Server } from 'node:http';
import { createApp, type AppDeps } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { seedDemoData } from './demo/demo-data.ts';

export interface RunningServer {
  server: Server;
  db: Db;
  config: Config;
  url: string;
  close(): Promise<void>;
}

/** Opens the data folder, migrates, seeds demo data on a new database, and listens. */
export async function startServer(
  config: Config,
  options: { reportError?: AppDeps['reportError'] } = {},
): Promise<RunningServer> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  // Uploads interrupted by a crash leave temporary files; none of them belongs to a row.
  fs.rmSync(config.uploadTempDir, { recursive: true, force: true });
  const db = openDatabase(config.databaseFile, config.migrationsDir);
  if (config.demoData) await seedDemoData(db, config);
  const app = createApp(config, { db, reportError: options.reportError });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return {
    server,
    db,
    config,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          db.close();
          resolve();
        });
      }),
  };
}
