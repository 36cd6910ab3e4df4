import type { RequestHandler } from 'express';
import twilio from 'twilio';
import type { PublicUrl } from './public-url.ts';

/**
 * Twilio's webhooks have no staff session: the X-Twilio-Signature is their only authentication.
 * It is checked before anything is read or written, with the SDK's validateRequest, against the
 * URL Twilio called: the public address (PUBLIC_BASE_URL or the ngrok tunnel) + path + query.
 *
 * A request without a signature is not Twilio's, so it is refused first (403) even when no token is
 * configured; a signed one that arrives while the token is missing is told the line is not set up.
 */
export function twilioSignatureCheck(authToken: string | undefined, publicUrl: PublicUrl): RequestHandler {
  return (req, res, next) => {
    const signature = req.get('X-Twilio-Signature');
    if (!signature) return void res.status(403).type('text/plain').send('Forbidden');
    if (!authToken) return void res.status(503).type('text/plain').send('phone line not configured');
    // Twilio posts forms; any other body is compared as no parameters at all, so it cannot match.
    const params = req.is('application/x-www-form-urlencoded') && isFormBody(req.body) ? req.body : {};
    const url = `${publicUrl.get()}${req.originalUrl}`;
    if (!twilio.validateRequest(authToken, signature, url, params)) {
      return void res.status(403).type('text/plain').send('Forbidden');
    }
    next();
  };
}

/** A form body as express.urlencoded gives it: names to a value or repeated values. */
const isFormBody = (body: unknown): body is Record<string, string | string[]> =>
  typeof body === 'object' &&
  body !== null &&
  !Array.isArray(body) &&
  Object.values(body).every(
    (v) => typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')),
  );
