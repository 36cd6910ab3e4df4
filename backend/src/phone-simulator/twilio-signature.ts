import crypto from 'node:crypto';

/**
 * X-Twilio-Signature as Twilio computes it for a form POST: base64 of HMAC-SHA1, keyed with the
 * account's auth token, over the full URL Twilio called followed by every POST parameter sorted
 * by name, each name directly followed by its value. (twilio's `validateRequest` checks it.)
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const signed =
    url +
    Object.keys(params)
      .sort()
      .map((name) => name + params[name])
      .join('');
  return crypto.createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}
