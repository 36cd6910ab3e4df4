import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { Config } from '../config.ts';

// The Twilio REST API, through the official SDK. Only the calls the business needs: sending a
// text, listing the texts sent to a number (how a send whose answer never came is resolved), and
// pointing the business's number at the webhooks. `sendText` is called by ONE module only, the
// business's gated sender (`texts/business-texts.ts`, which applies STOP, consent and quiet
// hours); `one-text-sender.test.ts` fails when any other file calls it.

type RequestOptions<TData> = RequestClient.RequestOptions<TData>;

/** Twilio's own address for the REST API; TWILIO_API_BASE_URL replaces it (a fake in tests). */
const TWILIO_API = 'https://api.twilio.com';
/**
 * A text is sent while a caller waits on the line, inside Twilio's 15 s for the webhook answer:
 * past this, the caller hears that it could not be sent instead of silence.
 */
const REQUEST_TIMEOUT_MS = 4000;

export interface SentTextInfo {
  sid: string;
  body: string;
  status: string;
  dateCreated: Date | null;
}

/**
 * Whether Twilio may have taken a text whose request failed: the request left but no answer came
 * (a timeout, a connection reset mid-request). A refusal with a status, a connection never made or
 * a name that did not resolve mean Twilio never had it. Such a send must be resolved by asking
 * Twilio (`recentTextsTo`) before it is sent again, or the customer gets it twice.
 */
export function outcomeUnknown(error: unknown): boolean {
  const { status, code } = (error ?? {}) as { status?: number; code?: string | number };
  if (typeof status === 'number') return false;
  return !['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ERR_INVALID_URL', 'CERT_HAS_EXPIRED'].includes(
    String(code ?? ''),
  );
}

export interface TwilioApi {
  /**
   * Sends an SMS from the business's number; rejects with the SDK's RestException when refused.
   * With a status callback URL, Twilio reports the message's delivery there (queued → delivered).
   */
  sendText(to: string, body: string, options?: { statusCallback?: string }): Promise<SentTextInfo>;
  /** The latest texts the business's number sent to `to`, newest first (the outbox reconciles with it). */
  recentTextsTo(to: string, limit: number): Promise<SentTextInfo[]>;
  /** Points the business's number's voice and status callbacks at these URLs (both POST). */
  pointNumberAt(urls: { voiceUrl: string; statusCallback: string }): Promise<{ phoneNumberSid: string }>;
}

/**
 * The SDK's own HTTP client, asked to send `api.twilio.com` requests to another base URL. The SDK
 * takes an `httpClient` option for exactly this (custom HTTP clients); no global is patched.
 */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(
    private readonly apiBaseUrl: string,
    timeoutMs: number,
  ) {
    super({ timeout: timeoutMs });
  }

  override request<TData>(opts: RequestOptions<TData>) {
    const uri = opts.uri.startsWith(`${TWILIO_API}/`)
      ? `${this.apiBaseUrl}${opts.uri.slice(TWILIO_API.length)}`
      : opts.uri;
    return super.request<TData>({ ...opts, uri });
  }
}

export type TwilioCredentials = Pick<
  Config['providers']['twilio'],
  'accountSid' | 'authToken' | 'phoneNumber' | 'apiBaseUrl'
>;

/** The REST client when the account, its token and the business's number are all set; else null. */
export function twilioApi(twilioConfig: TwilioCredentials, timeoutMs = REQUEST_TIMEOUT_MS): TwilioApi | null {
  const { accountSid, authToken, phoneNumber, apiBaseUrl } = twilioConfig;
  if (!accountSid || !authToken || !phoneNumber) return null;
  const client = twilio(accountSid, authToken, {
    httpClient: new RebasedRequestClient(apiBaseUrl, timeoutMs),
  });
  return {
    async sendText(to, body, options = {}) {
      const message = await client.messages.create({
        to,
        from: phoneNumber,
        body,
        ...(options.statusCallback ? { statusCallback: options.statusCallback } : {}),
      });
      return {
        sid: message.sid,
        body: message.body,
        status: message.status,
        dateCreated: message.dateCreated,
      };
    },
    async recentTextsTo(to, limit) {
      const messages = await client.messages.list({ to, from: phoneNumber, limit });
      return messages.map((m) => ({
        sid: m.sid,
        body: m.body,
        status: m.status,
        dateCreated: m.dateCreated,
      }));
    },
    async pointNumberAt({ voiceUrl, statusCallback }) {
      const [number] = await client.incomingPhoneNumbers.list({ phoneNumber, limit: 1 });
      if (!number) throw new Error(`${phoneNumber} is not a number of this Twilio account`);
      await client.incomingPhoneNumbers(number.sid).update({
        voiceUrl,
        voiceMethod: 'POST',
        statusCallback,
        statusCallbackMethod: 'POST',
      });
      return { phoneNumberSid: number.sid };
    },
  };
}
