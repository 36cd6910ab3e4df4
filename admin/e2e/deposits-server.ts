import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

// Starts the deposit browser test's own server (backend/src/test/e2e-deposits-server.ts: Stripe
// configured against the fake Stripe, two quoted leads) in a child process; resolves once it has
// printed its line.

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface QuotedLead {
  leadName: string;
  quotePath: string;
}
export interface DepositsServer {
  url: string;
  email: string;
  password: string;
  card: QuotedLead;
  bank: QuotedLead;
  /** POST `${controlUrl}/settle-bank/succeeded|failed`: the bank's answer for the bank quote's payment. */
  controlUrl: string;
  stop(): Promise<number | null>;
}

export async function startDepositsServer(): Promise<DepositsServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'backend/src/test/e2e-deposits-server.ts')],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    void exited.then((code) => reject(new Error(`e2e-deposits-server exited with ${code}`)));
  });
  return {
    ...(JSON.parse(firstLine) as Omit<DepositsServer, 'stop'>),
    stop: () => {
      child.stdin!.end();
      return exited;
    },
  };
}
