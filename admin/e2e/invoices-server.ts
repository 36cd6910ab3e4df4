import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

// Starts the invoice payment browser test's own server (backend/src/test/e2e-invoices-server.ts:
// Stripe configured against the fake Stripe, one done job's invoice) in a child process; resolves
// once it has printed its line.

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface InvoicesServer {
  url: string;
  email: string;
  password: string;
  invoicePath: string;
  invoiceNumber: number;
  stop(): Promise<number | null>;
}

export async function startInvoicesServer(): Promise<InvoicesServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'backend/src/test/e2e-invoices-server.ts')],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    void exited.then((code) => reject(new Error(`e2e-invoices-server exited with ${code}`)));
  });
  return {
    ...(JSON.parse(firstLine) as Omit<InvoicesServer, 'stop'>),
    stop: () => {
      child.stdin!.end();
      return exited;
    },
  };
}
