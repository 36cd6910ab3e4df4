import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

// A browser test's own server in a child process (a script under backend/src/test/ that prints
// one JSON line once it listens, and stops when its stdin closes): resolves with that line's
// details and a stop() that closes stdin and waits for the exit. The deposit and invoice payment
// tests each start one (deposits-server.ts, invoices-server.ts).

const repoRoot = path.resolve(import.meta.dirname, '../..');

export async function startChildServer<T extends object>(
  script: string,
): Promise<T & { stop(): Promise<number | null> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, script)], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    void exited.then((code) => reject(new Error(`${path.basename(script)} exited with ${code}`)));
  });
  return {
    ...(JSON.parse(firstLine) as T),
    stop: () => {
      child.stdin!.end();
      return exited;
    },
  };
}
