import type { EventBus } from '../events/event-bus.ts';
import type { WebhookInbox } from '../webhooks/webhook-inbox.ts';
import type { Clock } from '../time.ts';
import type { CheckoutSessions } from './checkout-sessions.ts';
import type { Stripe, StripeMode } from './stripe-client.ts';
import { whyNotOurs, type StripeEventHandler } from './stripe-events.ts';
import type { StripeFees } from './stripe-fees.ts';

// At every start, the Checkout Sessions still open here past their expiry: their webhook event
// never came (the server was down for longer than Stripe retries, or the endpoint was
// misconfigured). Each is asked of Stripe with our key and its outcome applied exactly as its
// event would have been (an expired session closed; a completed one's payment in the ledger),
// through the inbox under its own key, so the real event arriving later changes nothing more
// (the ledger converges by Stripe's ids). A session Stripe still holds open is left to its event.

export function checkoutReconcile(deps: {
  checkout: Pick<CheckoutSessions, 'overdue'>;
  stripe: Pick<Stripe, 'checkout'>;
  mode: StripeMode;
  apply: StripeEventHandler;
  inbox: Pick<WebhookInbox, 'once'>;
  events: Pick<EventBus, 'publish'>;
  fees?: Pick<StripeFees, 'kick'>;
  report: (error: unknown) => void;
  clock: Clock;
}) {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  /** Applies `object` as the event `type` would have, once (the inbox keys it by the object). */
  const settle = (objectId: string, type: string, object: object, created: number) => {
    const event = {
      id: `reconciled:${objectId}`,
      object: 'event',
      type,
      created,
      livemode: (object as { livemode: boolean }).livemode,
      data: { object },
    } as unknown as Stripe.Event;
    if (whyNotOurs(event, deps.mode)) return;
    const effects = deps.inbox.once('stripe', event.id, () => deps.apply(event));
    if (!effects) return;
    for (const announcement of effects.announce) deps.events.publish(announcement);
    if (effects.settledIntents.length) deps.fees?.kick(effects.settledIntents);
  };

  const pass = async () => {
    for (const id of deps.checkout.overdue(deps.clock())) {
      if (stopped) return;
      try {
        const session = await deps.stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] });
        if (session.status === 'open') continue;
        const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
        // Dated when it happened (the payment's intent, or the expiry), not when it was found.
        settle(
          session.id,
          session.status === 'expired' ? 'checkout.session.expired' : 'checkout.session.completed',
          session,
          session.status === 'expired' ? session.expires_at : (intent?.created ?? session.created),
        );
        // The intent's own event carries what the session's does not (the charge).
        if (intent && (intent.status === 'succeeded' || intent.status === 'processing'))
          settle(intent.id, `payment_intent.${intent.status}`, intent, intent.created);
      } catch (error) {
        deps.report(error);
      }
    }
  };

  return {
    start: () => void (running = running.then(pass)),
    /** Resolves once the sessions handed over so far are asked and settled. */
    settled: () => running,
    async stop() {
      stopped = true;
      await running;
    },
  };
}
