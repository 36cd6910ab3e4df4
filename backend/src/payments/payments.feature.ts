import { Router } from 'express';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../time.ts';
import { checkoutSessions, type CheckoutSessions } from './checkout-sessions.ts';
import { ledgerRepository } from './ledger.repository.ts';
import { stripeClient, stripeConfigured, type Stripe } from './stripe-client.ts';

/**
 * Getting paid (issue 35): the ledger every money figure is summed from, and, when Stripe is
 * configured, the SDK and hosted Checkout. Without a key `online` is false and `checkout` is
 * undefined: pages say "pay at the visit" and staff record cash and checks.
 */
export function paymentsFeature(deps: { db: Db; config: Pick<Config, 'providers'>; clock?: Clock }) {
  const { db, config } = deps;
  const clock = deps.clock ?? Date.now;
  const ledger = ledgerRepository(db);
  const settings = config.providers.stripe;
  const stripe: Stripe | undefined = stripeConfigured(settings) ? stripeClient(settings) : undefined;
  const checkout: CheckoutSessions | undefined = stripe ? checkoutSessions(db, stripe, clock) : undefined;
  const router = Router();
  return { router, ledger, stripe, checkout, online: Boolean(checkout) };
}
export type PaymentsFeature = ReturnType<typeof paymentsFeature>;
