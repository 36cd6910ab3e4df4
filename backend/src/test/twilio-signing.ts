import { twilioSignature } from '../phone-simulator/twilio-signature.ts';

// Requests signed the way Twilio signs its webhooks, with the simulator's signer (written from
// Twilio's documentation, not with the SDK, so the webhook tests do not have the SDK checking its
// own work; twilio-signature.test.ts checks it against the SDK).

export interface TwilioPost {
  /** Where the request really goes (the test server on 127.0.0.1). */
  serverUrl: string;
  /** Path and query, as Twilio would request them. */
  path: string;
  params: Record<string, string>;
  /** The token to sign with (the server's, or another for a forgery). */
  authToken: string;
  /** The public base URL Twilio believes it called (what the signature covers). */
  signedBaseUrl: string;
  /** Override the header: a string to send instead, or null to send none. */
  signature?: string | null;
  /** Send this body instead of the signed params (a body changed on the way). */
  sentParams?: Record<string, string>;
}

/** POSTs a form-encoded webhook as Twilio does, signed for `signedBaseUrl + path`. */
export function postAsTwilio(request: TwilioPost): Promise<Response> {
  const signature =
    request.signature === undefined
      ? twilioSignature(request.authToken, `${request.signedBaseUrl}${request.path}`, request.params)
      : request.signature;
  return fetch(`${request.serverUrl}${request.path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
      'User-Agent': 'TwilioProxy/1.1',
      ...(signature === null ? {} : { 'X-Twilio-Signature': signature }),
    },
    body: new URLSearchParams(request.sentParams ?? request.params).toString(),
  });
}
