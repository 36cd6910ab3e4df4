// `npm start` must stop when told to and free its port: Ctrl-C, `kill` of npm or of the script,
// or the server dying on its own. Real processes, real port; the builds are skipped (SKIP_BUILD=1)
// because the server answers /api/health without them.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const started: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  // A failed test must not leave a server behind either.
  for (const child of started.splice(0)) {
    for (const pid of [...descendantsOf(child.pid!), child.pid!]) killQuietly(pid);
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function killQuietly(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Every process below pid, read from /proc (parent ids are field 4 of /proc/N/stat). */
function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended while we looked
    }
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      found.push(c);
      walk(c);
    }
  };
  walk(pid);
  return found;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until check() holds; the test's own timeout bounds the wait. */
async function until(check: () => boolean | Promise<boolean>) {
  while (!(await check())) await pause(100);
}

function exited(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function start(command: 'npm' | 'node', options: { ownGroup?: boolean } = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-start-'));
  dirs.push(dataDir);
  // The direct run must not look like an npm run, whatever ran vitest.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('npm_')));
  Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1' });
  // Its backups stay in its folder, not the checkout's ./backups (the default, beside ./data).
  Object.assign(env, { BACKUP_DIR: path.join(dataDir, 'backups') });
  Object.assign(env, { LOG_LEVEL: 'silent', DEMO_DATA: 'off' });
  const args = command === 'npm' ? ['start'] : ['scripts/start.mjs'];
  const child = spawn(command === 'npm' ? 'npm' : process.execPath, args, {
    cwd: root,
    env,
    detached: options.ownGroup ?? false,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`npm start ended early:\n${output}`);
    try {
      return (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200;
    } catch {
      return false;
    }
  });
  const tree = descendantsOf(child.pid!);
  // sh (under npm), scripts/start.mjs and the server itself at least.
  expect(tree.length).toBeGreaterThanOrEqual(command === 'npm' ? 3 : 1);
  return { child, port, tree, output: () => output };
}

async function expectAllGone(run: Awaited<ReturnType<typeof start>>) {
  await exited(run.child);
  await until(() => run.tree.every((pid) => !isAlive(pid)));
  expect(run.tree.filter(isAlive)).toEqual([]);
  expect(await portIsFree(run.port)).toBe(true);
}

describe('stopping npm start', () => {
  it('Ctrl-C (SIGINT to the whole process group) stops everything and frees the port', async () => {
    const run = await start('npm', { ownGroup: true });
    process.kill(-run.child.pid!, 'SIGINT');
    await expectAllGone(run);
  }, 60_000);

  it('`kill` of the npm process stops the server it started', async () => {
    const run = await start('npm');
    process.kill(run.child.pid!, 'SIGTERM');
    await expectAllGone(run);
  }, 60_000);

  it('`kill` of scripts/start.mjs stops the server and exits cleanly', async () => {
    const run = await start('node');
    process.kill(run.child.pid!, 'SIGTERM');
    await expectAllGone(run);
    expect(run.child.exitCode).toBe(0);
  }, 60_000);

  it('Ctrl-C on scripts/start.mjs alone stops the server and exits cleanly', async () => {
    const run = await start('node');
    process.kill(run.child.pid!, 'SIGINT');
    await expectAllGone(run);
    expect(run.child.exitCode).toBe(0);
  }, 60_000);

  it('exits with a failure when the server dies on its own', async () => {
    const run = await start('node');
    const server = run.tree.find((pid) =>
      fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server.ts'),
    );
    expect(server).toBeDefined();
    process.kill(server!, 'SIGKILL');
    await expectAllGone(run);
    expect(run.child.exitCode).toBe(1);
  }, 60_000);
});
