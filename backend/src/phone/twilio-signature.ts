import express, { type Request, type RequestHandler } from 'express';
import twilio from 'twilio';
import { wellFormedText } from '@washdesk/contract';
import { isExactlyContentType } from '../http/webhook-content-type.ts';
import type { PublicUrl } from './public-url.ts';

/**
 * Every Twilio webhook lives under this prefix (voice now, texts next). Twilio posts forms and
 * signs the form's fields, so a form is the only body anything under it ever reads.
 */
export const TWILIO_WEBHOOK_PREFIX = '/api/twilio';

// Twilio signs `URL + every POST field, sorted`. That signature says nothing about a body in any
// other shape: a JSON body (or text, multipart, none) checked "as no fields" let one captured
// signature authorise any body. So the rule is one piece, owned here and mounted by every Twilio
// webhook: (1) only application/x-www-form-urlencoded, else 415 before a byte is read; (2) the form
// is read here, flat (a field named twice is refused: the SDK signs a set of values, the handler
// would read one of them); (3) the signature is checked over exactly those fields and the URL with
// its query; (4) handlers read fields only through `twilioParam`, i.e. only what was signed.

const readForm = express.urlencoded({
  extended: false,
  limit: '16kb',
  parameterLimit: 100,
  inflate: false,
  type: () => true,
});

/** The fields each verified request may be read through; nothing else reaches a handler. */
const verified = new WeakMap<Request, Readonly<Record<string, string>>>();
const formOf = new WeakMap<Request, Record<string, string>>();

const refuse = (res: Parameters<RequestHandler>[1], status: number, text: string) =>
  void res.status(status).type('text/plain').send(text);

/**
 * Reads a Twilio webhook's form, only a form, before the app's JSON parser: app.ts mounts it on the
 * whole prefix, so no other body is ever parsed there. Safe to run twice (the check runs it too).
 */
export const twilioWebhookBody: RequestHandler = (req, res, next) => {
  if (formOf.has(req)) return next();
  if (!isExactlyContentType(req.get('Content-Type'), 'application/x-www-form-urlencoded')) {
    return refuse(res, 415, 'Twilio webhooks accept only application/x-www-form-urlencoded');
  }
  readForm(req, res, (error?: unknown) => {
    if (error) return next(error);
    const body: unknown = req.body ?? {};
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
      if (typeof value !== 'string') return refuse(res, 400, `Field ${name} sent more than once`);
      fields[name] = value;
    }
    req.body = Object.freeze(fields);
    formOf.set(req, fields);
    next();
  });
};

/**
 * Twilio's webhooks have no staff session: the X-Twilio-Signature is their only authentication.
 * Checked with the SDK's validateRequest against the URL Twilio called (the public address,
 * PUBLIC_BASE_URL or the ngrok tunnel, + path + query) and the form read above. Mount it on every
 * Twilio webhook route (and add the route to auth/public-routes.ts); read fields with twilioParam.
 *
 * A request without a signature is not Twilio's, so it is refused (403) even when no token is
 * configured; a signed one that arrives while the token is missing is told the line is not set up.
 */
export function twilioSignatureCheck(authToken: string | undefined, publicUrl: PublicUrl): RequestHandler {
  const check: RequestHandler = (req, res, next) => {
    const fields = formOf.get(req)!;
    const url = `${publicUrl.get()}${req.originalUrl}`;
    const refused = twilioRefusal(authToken, req.get('X-Twilio-Signature'), url, fields);
    if (refused) return refuse(res, refused.status, refused.text);
    verified.set(req, fields);
    next();
  };
  return (req, res, next) =>
    twilioWebhookBody(req, res, (error?: unknown) => (error ? next(error) : check(req, res, next)));
}

/**
 * THE Twilio signature rule, for webhooks and the relay's WebSocket upgrade alike: null when
 * `signature` is Twilio's over `url` and `fields` (none for an upgrade), else what to answer. A
 * request without a signature is not Twilio's (403) even when no token is configured.
 */
export function twilioRefusal(
  authToken: string | undefined,
  signature: string | undefined,
  url: string,
  fields: Readonly<Record<string, string>>,
): { status: 403 | 503; text: string } | null {
  if (!signature) return { status: 403, text: 'Forbidden' };
  if (!authToken) return { status: 503, text: 'phone line not configured' };
  if (!twilio.validateRequest(authToken, signature, url, { ...fields }))
    return { status: 403, text: 'Forbidden' };
  return null;
}

/**
 * A signed field of a verified Twilio webhook ('' when Twilio did not send it), as text that shows
 * as what it is (no bidirectional controls in a caller id or a transcript; see wellFormedText).
 */
export function twilioParam(req: Request, name: string): string {
  const fields = verified.get(req);
  // A handler mounted without twilioSignatureCheck is a programming fault, not a caller's.
  if (!fields) throw new Error('twilioParam read on a request whose Twilio signature was not checked');
  return Object.hasOwn(fields, name) ? wellFormedText(fields[name]!) : '';
}
