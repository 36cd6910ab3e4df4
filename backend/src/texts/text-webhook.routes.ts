import { Router, type Request } from 'express';
import { twilioParam } from '../phone/twilio-signature.ts';
import { TWILIO_EVENT_IDS, type TwilioWebhooks } from '../webhooks/twilio.adapter.ts';
import { TEXT_WEBHOOKS } from './text-webhook-paths.ts';
import type { TextsService } from './texts.service.ts';
import type { IncomingMedia } from './incoming-text.ts';
import { MAX_MEDIA } from './text-photos.ts';

// Twilio's messaging webhooks for the business number. Like the voice webhooks they are public
// (auth/public-routes.ts) and go through the webhook inbox: the form read once (only a form, by
// app.ts's prefix parser), the one signature check, each event recorded with its effect.

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
const EMPTY_TWIML = {
  status: 200,
  type: 'text/xml',
  body: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
};
const refuse = (body: string) => ({ status: 400, type: 'text/plain', body });

export function textWebhookRoutes(deps: { webhooks: TwilioWebhooks; texts: TextsService }) {
  const router = Router();
  const { event } = deps.webhooks;

  router.post(
    TEXT_WEBHOOKS.incomingSms,
    ...event(
      TWILIO_EVENT_IDS.incomingText,
      (req, once) => {
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
          return refuse('Not a text message');
        // Each attachment is named by signed fields, so its address is as Twilio sent it.
        const media: IncomingMedia[] = Array.from({ length: mediaCount }, (_, i) => ({
          url: field(req, `MediaUrl${i}`),
          contentType: field(req, `MediaContentType${i}`),
        }));
        // Stored with the names of its attachments, answered, and only then are they fetched.
        const stored = once(() => deps.texts.receive({ messageSid, from, body, mediaCount }, media));
        return { ...EMPTY_TWIML, after: stored?.after };
      },
      EMPTY_TWIML,
    ),
  );

  const DONE = { status: 204 };
  router.post(
    TEXT_WEBHOOKS.messageStatus,
    ...event(TWILIO_EVENT_IDS.messageStatus, (req, once) => {
      const messageSid = field(req, 'MessageSid');
      const status = field(req, 'MessageStatus');
      const errorCode = field(req, 'ErrorCode');
      if (!MESSAGE_SID.test(messageSid) || !STATUSES.has(status)) return refuse('Unknown message status');
      once(() => deps.texts.delivery(messageSid, status, /^\d{1,6}$/.test(errorCode) ? errorCode : null));
      return DONE;
    }),
  );
  return router;
}
