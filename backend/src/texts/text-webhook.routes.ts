import express, { Router, type Request, type RequestHandler } from 'express';
import type { PublicUrl } from '../phone/public-url.ts';
import { twilioParam, twilioSignatureCheck } from '../phone/twilio-signature.ts';
import { TEXT_WEBHOOKS } from './text-webhook-paths.ts';
import type { TextsService } from './texts.service.ts';
import { MAX_MEDIA, type IncomingMedia } from './text-photos.ts';

// Twilio's messaging webhooks for the business number. Like the voice webhooks they are public
// (auth/public-routes.ts) and authenticated only by X-Twilio-Signature, checked by the same
// middleware over the same parsed form the handlers read.

/** Twilio posts forms; anything else is refused before it is parsed or signed. */
const formOnly: RequestHandler = (req, res, next) => {
  if (!req.is('application/x-www-form-urlencoded'))
    return void res.status(415).type('text/plain').send('Twilio webhooks are form-encoded');
  next();
};

// Fields are read only through twilioParam: only what was signed, as text that shows as what it is
// (a customer's text may carry bidirectional controls that would show it as something else).
const field = (req: Request, name: string): string => twilioParam(req, name);
const MESSAGE_SID = /^(SM|MM)[0-9a-fA-F]{32}$/;
const PHONE = /^\+[1-9]\d{6,14}$/;
const STATUSES = new Set([
  'accepted',
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'read',
]);
/** Twilio's answer to a webhook that needs no reply in TwiML (our replies go through the outbox). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

export function textWebhookRoutes(deps: {
  authToken: string | undefined;
  publicUrl: PublicUrl;
  texts: TextsService;
}) {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 100 });
  const signed = twilioSignatureCheck(deps.authToken, deps.publicUrl);

  router.post(TEXT_WEBHOOKS.incomingSms, formOnly, form, signed, async (req, res) => {
    const messageSid = field(req, 'MessageSid');
    const from = field(req, 'From');
    const body = field(req, 'Body');
    const numMedia = field(req, 'NumMedia');
    const mediaCount = numMedia === '' ? 0 : /^\d{1,2}$/.test(numMedia) ? Number(numMedia) : -1;
    if (
      !MESSAGE_SID.test(messageSid) ||
      !PHONE.test(from) ||
      body.length > 1600 ||
      mediaCount < 0 ||
      mediaCount > MAX_MEDIA
    )
      return void res.status(400).type('text/plain').send('Not a text message');
    // Each attachment is named by signed fields, so its address is as Twilio sent it.
    const media: IncomingMedia[] = Array.from({ length: mediaCount }, (_, i) => ({
      url: field(req, `MediaUrl${i}`),
      contentType: field(req, `MediaContentType${i}`),
    }));
    await deps.texts.receiveWithMedia({ messageSid, from, body, mediaCount }, media);
    res.type('text/xml').send(EMPTY_TWIML);
  });

  router.post(TEXT_WEBHOOKS.messageStatus, formOnly, form, signed, (req, res) => {
    const messageSid = field(req, 'MessageSid');
    const status = field(req, 'MessageStatus');
    const errorCode = field(req, 'ErrorCode');
    if (!MESSAGE_SID.test(messageSid) || !STATUSES.has(status))
      return void res.status(400).type('text/plain').send('Unknown message status');
    deps.texts.delivery(messageSid, status, /^\d{1,6}$/.test(errorCode) ? errorCode : null);
    res.status(204).end();
  });
  return router;
}
