import { Router } from 'express';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { FeatureLifecycle } from '../feature-lifecycle.ts';
import type { WebhookInbox } from '../webhooks/webhook-inbox.ts';
import type { Clock } from '../time.ts';
import { disputeRepository } from '../disputes/dispute.repository.ts';
import { checkoutReconcile } from './checkout-reconcile.ts';
import { checkoutSessions, type CheckoutSessions } from './checkout-sessions.ts';
import { ledgerRepository } from './ledger.repository.ts';
import { stripeClient, stripeConfigured, stripeModeOf, type Stripe } from './stripe-client.ts';
import { stripeEvents } from './stripe-events.ts';
import { stripeFees } from './stripe-fees.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';

/**
 * Getting paid (issue 35): the ledger every money figure is summed from, and, when Stripe is
 * configured, the SDK, hosted Checkout and Stripe's webhook (with the fees fetched after it).
 * Without a key `online` is false and `checkout` is undefined: pages say "pay at the visit" and
 * staff record cash and checks; the webhook answers 404 and records nothing.
 */
export function paymentsFeature(deps: {
  db: Db;
  config: Pick<Config, 'providers'>;
  /** The webhook inbox: each of Stripe's events is stored once, with its effect. */
  inbox: WebhookInbox;
  events: Pick<EventBus, 'publish'>;
  /** Faults in the work done after Stripe got its answer (a fee look-up). */
  report: (error: unknown) => void;
  clock?: Clock;
}) {
  const { db, config } = deps;
  const clock = deps.clock ?? Date.now;
  const ledger = ledgerRepository(db);
  const disputes = disputeRepository(db);
  const settings = config.providers.stripe;
  const stripe: Stripe | undefined = stripeConfigured(settings) ? stripeClient(settings) : undefined;
  const checkout: CheckoutSessions | undefined = stripe ? checkoutSessions(db, stripe, clock) : undefined;
  const fees = stripe
    ? stripeFees({ ledger, stripe, publish: (e) => deps.events.publish(e), report: deps.report })
    : undefined;
  const mode = stripeModeOf(settings.secretKey ?? '');
  const apply = stripeEvents({ ledger, disputes, checkout });
  const router = Router();
  router.use(
    stripeWebhookRoutes({
      stripe,
      webhookSecret: settings.webhookSecret,
      mode,
      apply,
      inbox: deps.inbox,
      events: deps.events,
      fees,
      clock,
    }),
  );
  const reconcile =
    stripe && checkout
      ? checkoutReconcile({
          checkout,
          stripe,
          mode,
          apply,
          inbox: deps.inbox,
          events: deps.events,
          fees,
          report: deps.report,
          clock,
        })
      : undefined;
  // At start: sessions left open past their expiry (their event never came), then the fees of
  // payments that settled while the server was down, or whose look-up failed.
  const lifecycle: FeatureLifecycle = {
    name: 'Stripe fees and overdue checkouts',
    start: () => {
      reconcile?.start();
      fees?.start();
    },
    stop: async () => {
      await reconcile?.stop();
      await fees?.stop();
    },
  };
  return {
    router,
    ledger,
    disputes,
    stripe,
    checkout,
    online: Boolean(checkout),
    lifecycle,
    /** Resolves once fees handed over so far are fetched (tests and shutdown wait for it). */
    settled: async () => {
      await reconcile?.settled();
      await fees?.settled();
    },
  };
}
export type PaymentsFeature = ReturnType<typeof paymentsFeature>;
