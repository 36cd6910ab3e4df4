import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app.ts';
import { hashPassword } from '../auth/password.ts';
import { userRepository } from '../auth/user.repository.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { clientOf, signIn, TEST_PASSWORD, type Client, type Credentials } from './test-server.ts';

export const CLOCKED_OWNER = { email: 'clocked-owner@example.com', password: TEST_PASSWORD };

export interface ClockedServer extends Client {
  url: string;
  db: Db;
  owner: Credentials;
  errors: unknown[];
  stop(): Promise<void>;
}

/**
 * A real server on 127.0.0.1 whose dated figures (dashboard, weekly report) are counted at a fixed
 * moment, so a test can seed rows at known instants and know every figure by hand. Same app,
 * same SQLite file handling as production; only the clock is injected.
 */
export async function startClockedServer(options: {
  /** The moment dated figures are counted at; the real clock when left out. */
  now?: Date;
  env?: Record<string, string>;
}): Promise<ClockedServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-clocked-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000',
    ...options.env,
  });
  const db = openDatabase(config.databaseFile, config.migrationsDir);
  userRepository(db).create({
    email: CLOCKED_OWNER.email,
    name: 'Clocked Owner',
    role: 'owner',
    passwordHash: await hashPassword(CLOCKED_OWNER.password),
  });
  const errors: unknown[] = [];
  const { now } = options;
  const app = createApp(config, {
    db,
    clock: now && (() => now.getTime()),
    reportError: (e) => errors.push(e),
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const owner = await signIn(url, CLOCKED_OWNER.email, CLOCKED_OWNER.password);
  return {
    ...clientOf(url, owner),
    url,
    db,
    owner,
    errors,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          db.close();
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
