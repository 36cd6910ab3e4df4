import { startScriptServer } from '../../scripts/own-test-server.ts';

// Starts the invoice payment browser test's own server (backend/src/test/e2e-invoices-server.ts:
// Stripe configured against the fake Stripe, one done job's invoice) in a child process; resolves
// once it has printed its line.

export interface InvoicesServer {
  url: string;
  email: string;
  password: string;
  invoicePath: string;
  invoiceNumber: number;
  stop(): Promise<number | null>;
}

export const startInvoicesServer = (): Promise<InvoicesServer> =>
  startScriptServer<Omit<InvoicesServer, 'stop'>>('backend/src/test/e2e-invoices-server.ts');
