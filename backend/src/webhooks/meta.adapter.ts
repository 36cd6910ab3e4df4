import express, { Router, type RequestHandler } from 'express';
import { ERROR_CODES, wellFormedText } from '@washdesk/contract';
import type { Config } from '../config.ts';
import { HttpError } from '../http/errors.ts';
import { isExactlyContentType } from '../http/webhook-content-type.ts';
import type { Clock } from '../time.ts';
import type { MessengerService } from '../messenger/messenger.service.ts';
import { STALE_AFTER_MS, eventsOf, validSignature, webhookBodySchema } from '../messenger/meta-webhook.ts';
import { OUR_ECHO_METADATA } from '../messenger/meta-delivery.ts';
import type { WebhookInbox } from './webhook-inbox.ts';

// Meta's side of the webhook inbox: the raw bytes read once, X-Hub-Signature-256 checked over
// exactly them, then each event of the batch recorded (by its mid) in the transaction storing it.

export const MESSENGER_WEBHOOK = '/api/messenger/webhook';

const readBytes = express.raw({ type: () => true, limit: '1mb', inflate: false });

/**
 * The webhook's body as bytes: the signature is over the exact bytes Meta sent and those same
 * bytes are what is parsed, so this runs before the app-wide JSON parser (which then leaves the
 * request alone). Meta posts application/json; any other type is refused (415) before a byte is
 * read, and a compressed body is not inflated (415), so the HMAC never covers other bytes than
 * the ones JSON.parse reads.
 */
export const messengerWebhookBody: RequestHandler = (req, res, next) => {
  if (isExactlyContentType(req.get('Content-Type'), 'application/json')) return readBytes(req, res, next);
  const only = 'The Messenger webhook accepts only application/json';
  next(new HttpError(415, ERROR_CODES.unsupportedMediaType, only));
};

const refused = () => new HttpError(403, 'forbidden', 'Forbidden');

/** Meta's webhook: public, because Meta's checks (verify token, signature) are its authentication. */
export function metaWebhookRoutes(
  meta: Config['providers']['meta'],
  messenger: MessengerService,
  inbox: WebhookInbox,
  clock: Clock = Date.now,
) {
  const router = Router();
  // Meta's subscription handshake: the challenge back as plain text, only for our verify token.
  router.get(MESSENGER_WEBHOOK, (req, res) => {
    const q = req.query;
    if (!meta.verifyToken || q['hub.mode'] !== 'subscribe' || q['hub.verify_token'] !== meta.verifyToken) {
      throw refused();
    }
    res.type('text/plain').send(typeof q['hub.challenge'] === 'string' ? q['hub.challenge'] : '');
  });
  router.post(MESSENGER_WEBHOOK, (req, res) => {
    if (!meta.appSecret) throw new HttpError(503, ERROR_CODES.unavailable, 'Messenger is not connected');
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!validSignature(raw, req.get('X-Hub-Signature-256'), meta.appSecret)) throw refused();
    let json: unknown;
    try {
      // Verified bytes, read as text that shows as what it is (names and messages: wellFormedText).
      json = JSON.parse(raw.toString('utf8'), (_key, value: unknown) =>
        typeof value === 'string' ? wellFormedText(value) : value,
      );
    } catch {
      throw new HttpError(400, ERROR_CODES.invalidJson, 'The body is not JSON');
    }
    const body = webhookBodySchema.safeParse(json);
    if (!body.success || body.data.object !== 'page')
      throw new HttpError(400, ERROR_CODES.validation, 'Not a Messenger page event');
    // A correctly signed old body replayed: refused whole, nothing stored (see STALE_AFTER_MS).
    const { oldest } = eventsOf(body.data, OUR_ECHO_METADATA);
    if (oldest !== null && clock() - oldest > STALE_AFTER_MS) throw refused();
    // A delivery Meta retries, or an event it sends twice, finds its id recorded: nothing changes.
    const stored = messenger.receive(body.data, (eventId) => inbox.record('meta', eventId));
    // Meta has its answer before the staff feed hears of it and any profile lookup or AI reply starts.
    res.status(200).type('text/plain').send('EVENT_RECEIVED');
    messenger.afterAck(stored);
  });
  return router;
}
