import type { Logger } from 'pino';
import { checkoutSessions, type CheckoutRequest } from '../payments/checkout-sessions.ts';
import { ledgerRepository } from '../payments/ledger.repository.ts';
import { stripeClient } from '../payments/stripe-client.ts';
import { disputeRepository } from '../disputes/dispute.repository.ts';
import { STRIPE_WEBHOOK } from '../payments/stripe-webhook.routes.ts';
import type { Clock } from '../time.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// A real server on a real SQLite file with Stripe configured against the fake Stripe, whose events
// go to the server's own /api/stripe/webhook. Both run on the same clock, so a test can move time
// (days between a bank payment and its outcome) and signatures stay fresh.

export interface StripeRig {
  server: TestServer;
  fake: FakeStripe;
  /** The real SDK, pointed at the fake (refunds as the admin would make them). */
  sdk: ReturnType<typeof stripeClient>;
  /** The real checkout-sessions owner on the server's database: what "Pay" calls. */
  checkout: ReturnType<typeof checkoutSessions>;
  ledger: ReturnType<typeof ledgerRepository>;
  disputes: ReturnType<typeof disputeRepository>;
  webhookUrl: string;
  /** A Checkout Session for `req`'s payment; its id (cs_…). */
  startCheckout(
    req: Partial<CheckoutRequest> & Pick<CheckoutRequest, 'purpose' | 'amountCents'>,
  ): Promise<string>;
  /** Every event delivered and every fee fetched. */
  settled(): Promise<void>;
  /** POSTs `payload` as Stripe would, signed now (or with `header`). */
  post(payload: string, header?: string, contentType?: string): Promise<Response>;
  stop(): Promise<void>;
}

export async function startStripeRig(
  opts: {
    clock?: Clock;
    env?: Record<string, string>;
    logger?: Logger;
    /** false: the fake keeps its events (a test posts them itself). */
    deliver?: boolean;
    /** A live-mode Stripe account (an `sk_live_` key, live events). */
    live?: boolean;
  } = {},
): Promise<StripeRig> {
  const fake = await startFakeStripe({ clock: opts.clock, live: opts.live });
  const server = await startTestServer({
    clock: opts.clock,
    logger: opts.logger,
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_BASE_URL: fake.url,
      ...opts.env,
    },
  });
  const webhookUrl = `${server.url}${STRIPE_WEBHOOK}`;
  if (opts.deliver !== false) fake.setWebhookUrl(webhookUrl);
  const sdk = stripeClient({ secretKey: fake.secretKey, apiBaseUrl: fake.url });
  const checkout = checkoutSessions(server.db, sdk, opts.clock);
  return {
    server,
    fake,
    sdk,
    checkout,
    ledger: ledgerRepository(server.db),
    disputes: disputeRepository(server.db),
    webhookUrl,
    async startCheckout(req) {
      const { url } = await checkout.start({
        description: req.purpose === 'deposit' ? 'Deposit for your house wash' : 'House wash',
        successUrl: `${server.url}/paid`,
        cancelUrl: `${server.url}/back`,
        ...req,
      });
      return url.split('/').pop()!;
    },
    async settled() {
      await fake.deliveredAll();
      await server.settled();
    },
    post: (payload, header, contentType = 'application/json') =>
      fetch(webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': contentType, 'Stripe-Signature': header ?? fake.sign(payload) },
        body: payload,
      }),
    async stop() {
      await server.stop();
      await fake.close();
    },
  };
}
