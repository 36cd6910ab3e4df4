import { parseTwiml, type Verb } from './twiml.ts';
import { postAsTwilio } from './twilio-signing.ts';

// Twilio's side of a phone call, for tests: the webhook requests Twilio sends during one call, with
// the parameters Twilio documents, signed with the account's token for the public URL it calls.

export const TEST_TWILIO = {
  accountSid: 'AC0123456789abcdef0123456789abcdef',
  authToken: 'test-twilio-auth-token',
  phoneNumber: '+17075550100',
  publicBaseUrl: 'https://washdesk.example.com',
};

/**
 * The environment of a server whose phone line is configured (no REST API reachable: its address
 * is a closed port on 127.0.0.1, so a text the server tries to send fails at once and no test
 * ever reaches the real api.twilio.com).
 */
export const PHONE_ENV = {
  TWILIO_ACCOUNT_SID: TEST_TWILIO.accountSid,
  TWILIO_AUTH_TOKEN: TEST_TWILIO.authToken,
  TWILIO_PHONE_NUMBER: TEST_TWILIO.phoneNumber,
  PUBLIC_BASE_URL: TEST_TWILIO.publicBaseUrl,
  TWILIO_API_BASE_URL: 'http://127.0.0.1:9',
  // The Gather flow (one webhook per turn); the streamed line's tests ask for 'stream'.
  PHONE_VOICE_MODE: 'gather',
};

let calls = 0;
/** A CallSid in Twilio's shape (CA + 32 hex digits), new for every call. */
export const newCallSid = () => `CA${(Date.now().toString(16) + String(++calls)).padStart(32, '0')}`;

export interface PhoneCaller {
  callSid: string;
  from: string;
  /** Twilio's incoming-call webhook: the call starts. */
  dial(): Promise<Response>;
  /** What the caller said (empty = silence), to process-speech with an optional query. */
  say(speech: string, query?: string): Promise<Response>;
  /** Twilio's report on the Dial's action URL of how putting the caller through ended. */
  dialEnded(dialCallStatus: string): Promise<Response>;
  /** A status callback. */
  status(callStatus: string, extra?: { duration?: number; sequence?: number }): Promise<Response>;
  /** The TwiML of an answer, parsed (fails the test if it is not 200 text/xml). */
  twiml(res: Response): Promise<Verb>;
}

export function phoneCaller(
  serverUrl: string,
  from = '+17075550123',
  options: { authToken?: string; publicBaseUrl?: string; callSid?: string } = {},
): PhoneCaller {
  const callSid = options.callSid ?? newCallSid();
  const common = {
    AccountSid: TEST_TWILIO.accountSid,
    ApiVersion: '2010-04-01',
    CallSid: callSid,
    Called: TEST_TWILIO.phoneNumber,
    Caller: from,
    Direction: 'inbound',
    From: from,
    To: TEST_TWILIO.phoneNumber,
  };
  const post = (path: string, params: Record<string, string>) =>
    postAsTwilio({
      serverUrl,
      path,
      params: { ...common, ...params },
      authToken: options.authToken ?? TEST_TWILIO.authToken,
      signedBaseUrl: options.publicBaseUrl ?? TEST_TWILIO.publicBaseUrl,
    });
  return {
    callSid,
    from,
    dial: () => post('/api/twilio/incoming-call', { CallStatus: 'ringing' }),
    say: (speech, query = '') =>
      post(
        `/api/twilio/process-speech${query}`,
        speech
          ? { CallStatus: 'in-progress', SpeechResult: speech, Confidence: '0.92' }
          : { CallStatus: 'in-progress' },
      ),
    dialEnded: (dialCallStatus) =>
      post('/api/twilio/process-speech?dialed=1', {
        CallStatus: 'in-progress',
        DialCallStatus: dialCallStatus,
      }),
    status: (callStatus, extra = {}) =>
      post('/api/twilio/call-status', {
        CallStatus: callStatus,
        Timestamp: new Date().toUTCString(),
        ...(extra.duration === undefined ? {} : { CallDuration: String(extra.duration) }),
        ...(extra.sequence === undefined ? {} : { SequenceNumber: String(extra.sequence) }),
      }),
    async twiml(res) {
      const body = await res.text();
      if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('text/xml')) {
        throw new Error(`expected TwiML, got ${res.status} ${res.headers.get('content-type')}: ${body}`);
      }
      return parseTwiml(body);
    },
  };
}
