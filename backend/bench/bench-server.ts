// A backend on a throwaway database filled with a busy business's rows, and a signed-in
// owner: the lists the benchmarks read are staff-only, as in production.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { seedVolume, type Volume } from '../src/demo/volume-data.ts';
import { startServer } from '../src/start.ts';
import { signIn, type Credentials } from '../src/test/test-server.ts';

export const BENCH_OWNER = { email: 'bench-owner@washdesk.example', password: 'bench-owner-password' };

export interface BenchServer {
  url: string;
  config: ReturnType<typeof loadConfig>;
  owner: Credentials;
  /** A GET as the signed-in owner; throws on anything but 2xx. */
  get(pathname: string): Promise<Response>;
  stop(): Promise<void>;
}

export async function startBenchServer(
  volume: Volume,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO_DATA: 'off',
    LOG_LEVEL: 'warn',
    OWNER_EMAIL: BENCH_OWNER.email,
    OWNER_PASSWORD: BENCH_OWNER.password,
    ...env,
  });
  const seedStart = performance.now();
  const db = openDatabase(config.databaseFile, config.migrationsDir);
  seedVolume(db, volume);
  db.close();
  const rows = Math.max(volume.submissions, volume.calls).toLocaleString('en-US');
  process.stdout.write(
    `Seeded ${rows} rows per list in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`,
  );

  const server = await startServer(config);
  const owner = await signIn(server.url, BENCH_OWNER.email, BENCH_OWNER.password);
  return {
    url: server.url,
    config,
    owner,
    async get(pathname) {
      const res = await fetch(`${server.url}${pathname}`, { headers: { Cookie: owner.cookie } });
      if (!res.ok) throw new Error(`${pathname}: ${res.status}`);
      return res;
    },
    async stop() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
