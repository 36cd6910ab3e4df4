import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import type { Clock } from '../time.ts';
import type { Pause } from '../assistant/assistant.ts';
import type { Timer } from '../backups/backup-timer.ts';
import { startServer, type RunningServer } from '../start.ts';
import { incomingDir } from '../photos/photo.storage.ts';
import './affordable-password-cost.ts';
import { hashPassword } from '../auth/password.ts';
import { userRepository } from '../auth/user.repository.ts';

export const FIXTURE_PHOTOS = path.resolve(import.meta.dirname, '../../../fixtures/photos');
export const fixturePhoto = (name: string) => path.join(FIXTURE_PHOTOS, name);

/** Tests read answers loosely and assert on them; the contract schemas check shapes where it matters. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonResponse = Omit<Response, 'json'> & { json(): Promise<any> };

export interface Client {
  get(pathname: string): Promise<JsonResponse>;
  send(method: string, pathname: string, body?: unknown): Promise<JsonResponse>;
  upload(pathname: string, form: FormData): Promise<JsonResponse>;
}

export interface Credentials {
  cookie: string;
  csrfToken: string;
}

export const TEST_PASSWORD = 'correct horse battery staple';

/** A client of the server; with credentials it is a signed-in staff member's browser. */
export function clientOf(url: string, credentials?: Credentials): Client {
  const auth: Record<string, string> = credentials
    ? { Cookie: credentials.cookie, 'X-CSRF-Token': credentials.csrfToken }
    : {};
  return {
    get: (pathname) =>
      fetch(`${url}${pathname}`, { headers: credentials ? { Cookie: credentials.cookie } : {} }),
    send: (method, pathname, body) =>
      fetch(`${url}${pathname}`, {
        method,
        headers: { ...auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    upload: (pathname, form) => fetch(`${url}${pathname}`, { method: 'POST', headers: auth, body: form }),
  };
}

/** Signs in over HTTP as a browser would and returns the session cookie and CSRF token. */
export async function signIn(url: string, email: string, password = TEST_PASSWORD): Promise<Credentials> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('washdesk_session='))!
    .split(';')[0]!;
  return { cookie, csrfToken: ((await res.json()) as { csrfToken: string }).csrfToken };
}

/** The default client is the signed-in owner; `anonymous` is a customer's browser. */
export interface TestServer extends RunningServer, Client {
  dataDir: string;
  errors: unknown[];
  /** Milliseconds of every Response Delay the assistant asked for (the default pause skips them). */
  pauses: number[];
  anonymous: Client;
  owner: Credentials;
  /** Adds an account straight to the database (as the CLI would) and returns its e-mail. */
  addUser(user: {
    email: string;
    role?: 'owner' | 'staff';
    password?: string;
    disabled?: boolean;
  }): Promise<string>;
  /** Every file under the photo folder and the upload scratch folder. */
  storedFiles(): string[];
  count(table: string): number;
  /**
   * Resolves once every upload's scratch folder is gone: the server removes it when the response
   * closes, which can be just after the client has read the answer. Waits for that state, not a time.
   */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

let migrated: { dir: string; bytes: Buffer } | undefined;
/**
 * The bytes of a database fresh from every migration, made once per test process: running the
 * ~50 migrations took most of a test server's start, hundreds of times a run. Made by the very
 * `openDatabase` a server runs (same pragmas, same order) on a file of its own; the migration tests
 * (db/, lifecycle, upgrades) and any test naming its own folder still migrate from nothing.
 */
function migratedDatabase(migrationsDir: string): Buffer {
  if (migrated?.dir !== migrationsDir) {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-migrated-'));
    try {
      const db = openDatabase(path.join(scratch, 'migrated.sqlite'), migrationsDir);
      migrated = { dir: migrationsDir, bytes: db.serialize() };
      db.close();
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }
  return migrated.bytes;
}

/** A real server on 127.0.0.1 with a fresh SQLite file in a temporary folder. */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    dataDir?: string;
    config?: (c: Config) => Config;
    logger?: Logger;
    /** Stops time for the quote budget (see Clock): e.g. `() => 0`. */
    clock?: Clock;
    /** Response Delay's wait; by default none, and every requested pause is kept in `pauses`. */
    pause?: Pause;
    /** The timer scheduled backups run on; a test fires it itself. */
    backupTimer?: Timer;
    /** The timer service plans' season runs on; a test fires it itself. */
    planSeasonTimer?: Timer;
    /** How long a Twilio request may take before its outcome is unknown (default 4 s). */
    twilioTimeoutMs?: number;
    /** Keeps uploads unprocessed until a photo is asked for (tests of what is served when). */
    holdPhotoProcessing?: boolean;
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-test-'));
  const base = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000',
    // Backups stay inside the test's own folder (the scheduled one is an hour away anyway).
    BACKUP_DIR: path.join(dataDir, 'backups'),
    // Calls take the Gather flow unless a test asks for the streamed line (PHONE_VOICE_MODE=stream).
    PHONE_VOICE_MODE: 'gather',
    ...options.env,
  });
  const config = options.config ? options.config(base) : base;
  // A fresh folder starts from the migrated database's bytes, exactly as if it had just migrated.
  if (!options.dataDir) {
    fs.mkdirSync(path.dirname(config.databaseFile), { recursive: true });
    fs.writeFileSync(config.databaseFile, migratedDatabase(config.migrationsDir));
  }
  const errors: unknown[] = [];
  const pauses: number[] = [];
  const running = await startServer(config, {
    reportError: (e) => errors.push(e),
    logger: options.logger,
    clock: options.clock,
    backupTimer: options.backupTimer,
    planSeasonTimer: options.planSeasonTimer,
    twilioTimeoutMs: options.twilioTimeoutMs,
    holdPhotoProcessing: options.holdPhotoProcessing,
    pause:
      options.pause ??
      ((ms) => {
        pauses.push(ms);
        return Promise.resolve();
      }),
  });
  const listed = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.join(e.parentPath, e.name))
      : [];
  const users = userRepository(running.db);
  const addUser: TestServer['addUser'] = async ({
    email,
    role = 'staff',
    password = TEST_PASSWORD,
    disabled = false,
  }) => {
    const passwordHash = await hashPassword(password);
    const existing = users.byEmail(email);
    if (existing) users.setPassword(existing.id, passwordHash);
    const user = existing ?? users.create({ email, name: email.split('@')[0]!, role, passwordHash });
    if (disabled) users.update(user.id, { disabled: true });
    return email;
  };
  const owner = await signIn(running.url, await addUser({ email: 'test-owner@example.com', role: 'owner' }));
  return {
    ...running,
    ...clientOf(running.url, owner),
    dataDir,
    errors,
    pauses,
    owner,
    anonymous: clientOf(running.url),
    addUser,
    storedFiles: () => [
      ...listed(config.photoDir),
      ...listed(incomingDir(config)),
      ...listed(config.uploadTempDir),
    ],
    count: (table) => (running.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
    async settled() {
      const busy = () =>
        fs.existsSync(config.uploadTempDir) && fs.readdirSync(config.uploadTempDir).length > 0;
      while (busy()) await new Promise((resolve) => setTimeout(resolve, 10));
      // Replies the server writes after a webhook has answered (Messenger) are done too.
      await running.settled();
    },
    async stop() {
      await running.close();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart body like the photo form's: text fields plus files read from disk. */
export function photoForm(
  fields: Record<string, string>,
  files: { field?: string; path?: string; name?: string; bytes?: Uint8Array; type?: string }[] = [],
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) {
    const bytes = f.bytes ?? fs.readFileSync(f.path!);
    form.append(
      f.field ?? 'photos',
      new Blob([bytes], { type: f.type ?? 'image/jpeg' }),
      f.name ?? path.basename(f.path ?? 'photo.jpg'),
    );
  }
  return form;
}
