import { fork } from 'node:child_process';
import path from 'node:path';

// The real server in a process of its own (a script under backend/src/test/ that calls startServer
// and sends { type: 'ready', url } over IPC once it listens), for crash tests that kill it with
// SIGKILL and start another on the same data folder.

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface ChildServer {
  url: string;
  /** Its process id: a bench reads the server's own memory from /proc/<pid>/status. */
  pid: number;
  /**
   * Resolves once the work it does after its answers (photo processing) is done: the script
   * answers { type: 'settle' } with { type: 'settled' } (photo-child-server.ts does).
   */
  settled(): Promise<void>;
  /** Resolves once the process is gone: -9 when it was killed with SIGKILL, else its exit code. */
  exited: Promise<number | null>;
  kill(): Promise<number | null>;
}

/**
 * Forks `script` (a path under the repository) on `dataDir` with a quiet, demo-free environment
 * plus `env`, and `args` on its command line; resolves once it listens. `cleanup` gets the kill,
 * for the test's afterAll.
 */
export function startChildServer(
  script: string,
  dataDir: string,
  env: Record<string, string>,
  cleanup: (() => unknown)[],
  args: string[] = [],
): Promise<ChildServer> {
  const child = fork(path.join(ROOT, script), args, {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      BACKUP_DIR: path.join(dataDir, 'backups'),
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_DATA: 'off',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal === 'SIGKILL' ? -9 : code)),
  );
  cleanup.push(() => child.kill('SIGKILL'));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`the server exited (${code}) before listening:\n${output}`)),
    );
    const settling: (() => void)[] = [];
    child.on('message', (m: { type: string; url: string }) => {
      if (m.type === 'settled') settling.shift()?.();
      if (m.type !== 'ready') return;
      resolve({
        url: m.url,
        pid: child.pid!,
        // Answered in the order asked: the script settles each request before the next.
        settled: () =>
          new Promise<void>((done) => {
            settling.push(done);
            child.send({ type: 'settle' });
          }),
        exited,
        kill: () => {
          child.kill('SIGKILL');
          return exited;
        },
      });
    });
  });
}
