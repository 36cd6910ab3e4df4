import { startScriptServer } from '../../scripts/own-test-server.ts';

// Starts the deposit browser test's own server (backend/src/test/e2e-deposits-server.ts: Stripe
// configured against the fake Stripe, two quoted leads) in a child process; resolves once it has
// printed its line.

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

export const startDepositsServer = (): Promise<DepositsServer> =>
  startScriptServer<Omit<DepositsServer, 'stop'>>('backend/src/test/e2e-deposits-server.ts');
