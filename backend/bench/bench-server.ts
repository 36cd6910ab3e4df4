// The benchmarks' backends, each on a throwaway database: the demo phone line, or one filled
// with a busy business's rows and a signed-in owner (the lists the benchmarks read are
// staff-only, as in production).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { seedVolume, type Volume } from '../src/demo/volume-data.ts';
import { startServer, type RunningServer } from '../src/start.ts';
import { PHONE_ENV } from '../src/test/phone-caller.ts';
import { signIn, type Credentials } from '../src/test/test-server.ts';

export const BENCH_OWNER = { email: 'bench-owner@washdesk.example', password: 'bench-owner-password' };

/** A backend on 127.0.0.1 on a throwaway data folder; `stop` closes it and removes the folder. */
export interface ThrowawayServer extends RunningServer {
  stop(): Promise<void>;
}

/**
 * Every benchmark's backend: a fresh data folder, quiet logs and no demo rows unless `env` says
 * otherwise. `seed` fills the database before the server opens it, so seeding is not timed.
 */
export async function startThrowawayServer(
  env: Record<string, string>,
  options: { seed?: (config: Config) => void; start?: Parameters<typeof startServer>[1] } = {},
): Promise<ThrowawayServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    // Its backups go with it: by default they would land in the repository's ./backups, a copy of
    // a gigabyte's bench database made while the figures are taken (the first start in an hour).
    BACKUP_DIR: path.join(dataDir, 'backups'),
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    ...env,
  });
  options.seed?.(config);
  const running = await startServer(config, options.start);
  return {
    ...running,
    async stop() {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The demo business's phone line, for the phone benchmarks. Response Delay is skipped: it is a
 * deliberate wait, not work.
 */
export const startBenchPhoneLine = (env: Record<string, string>) =>
  startThrowawayServer(
    { DEMO_DATA: 'on', ...PHONE_ENV, ...env },
    { start: { pause: () => Promise.resolve() } },
  );

export interface BenchServer {
  url: string;
  config: Config;
  owner: Credentials;
  /** A GET as the signed-in owner; throws on anything but 2xx. */
  get(pathname: string): Promise<Response>;
  stop(): Promise<void>;
}

/** A busy business's backend: `volume` of demo rows seeded, or a database file (cachedSeed) copied in. */
export async function startBenchServer(
  volume: Volume | { databaseFile: string },
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const server = await startThrowawayServer(
    {
      LOG_LEVEL: 'warn',
      OWNER_EMAIL: BENCH_OWNER.email,
      OWNER_PASSWORD: BENCH_OWNER.password,
      ...env,
    },
    {
      seed: (config) => {
        if ('databaseFile' in volume) {
          fs.copyFileSync(volume.databaseFile, config.databaseFile);
          // On disk before anything is timed: the kernel would otherwise write the copy's dirty
          // pages (up to a gigabyte) back during the first lists measured, slowing only those.
          const copy = fs.openSync(config.databaseFile, 'r+');
          fs.fsyncSync(copy);
          fs.closeSync(copy);
          return;
        }
        const seedStart = performance.now();
        const db = openDatabase(config.databaseFile, config.migrationsDir);
        seedVolume(db, volume);
        db.close();
        const rows = Math.max(volume.submissions, volume.calls).toLocaleString('en-US');
        process.stdout.write(
          `Seeded ${rows} rows per list in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`,
        );
      },
    },
  );
  const owner = await signIn(server.url, BENCH_OWNER.email, BENCH_OWNER.password);
  return {
    url: server.url,
    config: server.config,
    owner,
    async get(pathname) {
      const res = await fetch(`${server.url}${pathname}`, { headers: { Cookie: owner.cookie } });
      if (!res.ok) throw new Error(`${pathname}: ${res.status}`);
      return res;
    },
    stop: () => server.stop(),
  };
}

/**
 * A process's CPU time so far, user and system, all its threads, in ms (/proc, ticks of 10 ms):
 * what requests cost a server whatever else the machine is doing, where their wall time grows
 * with the machine's load.
 */
export function cpuMsOf(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime; USER_HZ is 100 on Linux
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The same of times kept in the order they were taken (the list is left as it is). */
export const percentileOf = (times: number[], p: number) =>
  percentile(
    [...times].sort((a, b) => a - b),
    p,
  );
