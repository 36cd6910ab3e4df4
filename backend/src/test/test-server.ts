import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { startServer, type RunningServer } from '../start.ts';

export const FIXTURE_PHOTOS = path.resolve(import.meta.dirname, '../../../../shared/fixtures/photos');
export const fixturePhoto = (name: string) => path.join(FIXTURE_PHOTOS, name);

/** Tests read answers loosely and assert on them; the contract schemas check shapes where it matters. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonResponse = Omit<Response, 'json'> & { json(): Promise<any> };

export interface TestServer extends RunningServer {
  dataDir: string;
  errors: unknown[];
  get(pathname: string): Promise<JsonResponse>;
  send(method: string, pathname: string, body?: unknown): Promise<JsonResponse>;
  upload(pathname: string, form: FormData): Promise<JsonResponse>;
  /** Every file under the photo folder and the upload scratch folder. */
  storedFiles(): string[];
  count(table: string): number;
  stop(): Promise<void>;
}

/** A real server on 127.0.0.1 with a fresh SQLite file in a temporary folder. */
export async function startTestServer(
  options: { env?: Record<string, string>; dataDir?: string; config?: (c: Config) => Config } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-test-'));
  const base = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'off', ...options.env });
  const config = options.config ? options.config(base) : base;
  const errors: unknown[] = [];
  const running = await startServer(config, { reportError: (e) => errors.push(e) });
  const listed = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
      : [];
  return {
    ...running,
    dataDir,
    errors,
    get: (pathname) => fetch(`${running.url}${pathname}`),
    send: (method, pathname, body) =>
      fetch(`${running.url}${pathname}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    upload: (pathname, form) => fetch(`${running.url}${pathname}`, { method: 'POST', body: form }),
    storedFiles: () => [...listed(config.photoDir), ...listed(config.uploadTempDir)],
    count: (table) => (running.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
    async stop() {
      await running.close();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart body like the photo form's: text fields plus files read from disk. */
export function photoForm(fields: Record<string, string>, files: { field?: string; path?: string; name?: string; bytes?: Uint8Array; type?: string }[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) {
    const bytes = f.bytes ?? fs.readFileSync(f.path!);
    form.append(f.field ?? 'photos', new Blob([bytes], { type: f.type ?? 'image/jpeg' }), f.name ?? path.basename(f.path ?? 'photo.jpg'));
  }
  return form;
}

/** Resolves after every pending file removal the server scheduled when a response closed. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
