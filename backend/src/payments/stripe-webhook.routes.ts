import express, { Router, type RequestHandler } from 'express';
import { ERROR_CODES } from '@washdesk/contract';
import { HttpError } from '../http/errors.ts';
import { isExactlyContentType } from '../http/webhook-content-type.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { WebhookInbox } from '../webhooks/webhook-inbox.ts';
import type { Clock } from '../time.ts';
import type { Stripe, StripeMode } from './stripe-client.ts';
import { whyNotOurs, type StripeEventHandler } from './stripe-events.ts';
import type { StripeFees } from './stripe-fees.ts';

// Stripe's webhook (issue 35): the raw bytes read once, the signature checked over exactly them by
// the SDK (which parses those same bytes), then the event recorded in the webhook inbox in one
// transaction with its effect on the ledger, answered at once; staff hear of it after the commit,
// and a fee is fetched after the answer. A replay, a retry or a duplicate finds the event id
// recorded and changes nothing. A genuine event of the other mode (test vs live) or of another
// account is stored as ignored, with its reason, and answered 200 so Stripe stops retrying it:
// it moves no money here.

export const STRIPE_WEBHOOK = '/api/stripe/webhook';

/** Stripe's own default: a signature older than five minutes is refused (a captured request replayed later). */
export const SIGNATURE_TOLERANCE_S = 300;

const exactText = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const readBytes = express.raw({ type: () => true, limit: '1mb', inflate: false });

/**
 * The body as bytes, before the app-wide JSON parser would read it: Stripe posts
 * application/json; any other type is refused (415) before a byte is read, and a compressed body
 * is not inflated, so the signature never covers other bytes than the ones parsed.
 */
export const stripeWebhookBody: RequestHandler = (req, res, next) => {
  if (isExactlyContentType(req.get('Content-Type'), 'application/json')) return readBytes(req, res, next);
  next(
    new HttpError(415, ERROR_CODES.unsupportedMediaType, 'The Stripe webhook accepts only application/json'),
  );
};

export function stripeWebhookRoutes(deps: {
  /** Without the SDK or the signing secret nothing is checked, so nothing is recorded (404). */
  stripe?: Pick<Stripe, 'webhooks'>;
  webhookSecret?: string;
  /** The mode of our key (stripe-client.ts): only that mode's events are applied. */
  mode: StripeMode;
  apply: StripeEventHandler;
  inbox: Pick<WebhookInbox, 'once' | 'answered'>;
  events: Pick<EventBus, 'publish'>;
  fees?: Pick<StripeFees, 'kick'>;
  clock?: Clock;
}) {
  const clock = deps.clock ?? Date.now;
  const router = Router();
  router.post(STRIPE_WEBHOOK, (req, res) => {
    const { stripe, webhookSecret } = deps;
    // Not set up: there is no Stripe webhook in this install (404, not a 5xx: nothing failed).
    if (!stripe || !webhookSecret)
      throw new HttpError(
        404,
        ERROR_CODES.notFound,
        'Stripe payments are not connected (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not both set)',
      );
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(
        // Decoded here, strictly: the SDK's own decoding drops a leading byte-order mark and
        // replaces broken UTF-8, so other bytes than Stripe signed would pass its check.
        exactText.decode(raw),
        req.get('Stripe-Signature') ?? '',
        webhookSecret,
        SIGNATURE_TOLERANCE_S,
        undefined,
        clock(),
      );
    } catch (error) {
      if (error instanceof TypeError)
        throw new HttpError(400, ERROR_CODES.invalidJson, 'The body is not UTF-8');
      // The SDK's message quotes the header and the body: neither belongs in a log or an answer.
      if ((error as { type?: string }).type === 'StripeSignatureVerificationError')
        throw new HttpError(400, 'invalid_signature', 'The Stripe-Signature header does not match this body');
      throw new HttpError(400, ERROR_CODES.invalidJson, 'The body is not JSON');
    }
    const ignored = whyNotOurs(event, deps.mode);
    const effects = deps.inbox.once('stripe', event.id, () => {
      if (!ignored) return deps.apply(event);
      // Kept with the event, so what happened to it can be read later (and a replay knows it).
      deps.inbox.answered('stripe', event.id, {
        status: 200,
        type: 'application/json',
        body: JSON.stringify({ received: true, ignored }),
      });
      return undefined;
    });
    res.status(200).json(ignored ? { received: true, ignored } : { received: true });
    if (!effects) return;
    for (const announcement of effects.announce) deps.events.publish(announcement);
    if (effects.settledIntents.length) deps.fees?.kick(effects.settledIntents);
  });
  return router;
}
