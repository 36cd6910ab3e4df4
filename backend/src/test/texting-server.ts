import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from './fake-twilio.ts';
import { startTestServer, type JsonResponse, type TestServer } from './test-server.ts';
import { postAsTwilio } from './twilio-signing.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { Logger } from 'pino';
import type { Timer } from '../backups/backup-timer.ts';

// A test server whose business number texts (the twilio SDK against a fake Twilio on 127.0.0.1),
// on a clock the test moves, with Twilio's side of a customer's text. The outbox's own timer is
// stopped unless asked for: the test makes each pass after the minute's events.

export const TEXTING_PUBLIC_URL = 'https://washdesk.example.com';

export interface TextingServer {
  server: TestServer;
  twilio: FakeTwilio;
  outbox: Outbox;
  /** The injected clock's reading, in ms; tests move it. */
  now: { ms: number };
  /** Twilio's fields for a customer's text to the business number, attachments numbered in order. */
  smsParams(text: {
    from: string;
    body: string;
    messageSid?: string;
    media?: { url: string; contentType: string }[];
  }): Record<string, string>;
  /** A customer's text as Twilio's signed webhook brings it. */
  customerTexts(from: string, body: string): Promise<Response>;
  /** Twilio's signed incoming-sms webhook with these fields; `sentParams`: a body changed on the way. */
  incomingSms(params: Record<string, string>, sentParams?: Record<string, string>): Promise<Response>;
  /** Where the fake Twilio keeps a message's attachment for this account (a MediaUrl). */
  mediaUrl(messageSid: string, mediaSid: string): string;
  /** The thread with `phone` as staff open it (its messages, oldest first). */
  threadOf(phone: string): ReturnType<JsonResponse['json']>;
  /** The bodies of the texts the fake Twilio took for one number, in order. */
  textsTo(phone: string): string[];
  /** Moves the clock and makes one outbox pass. */
  at(ms: number): Promise<void>;
  stop(): Promise<void>;
}

let sids = 0;

export async function startTextingServer(options: {
  start: number;
  env?: Record<string, string>;
  /** Keep the outbox's own timer running (tests of what happens without anyone passing). */
  ownTimer?: boolean;
  /** Where the server's log goes (tests that read it). */
  logger?: Logger;
  /** How long a Twilio request may take before its outcome is unknown (default 4 s). */
  twilioTimeoutMs?: number;
  /** The timer service plans' season runs on; a test fires it itself. */
  planSeasonTimer?: Timer;
}): Promise<TextingServer> {
  const twilio = await startFakeTwilio();
  const now = { ms: options.start };
  const server = await startTestServer({
    env: {
      ...twilio.env,
      PUBLIC_BASE_URL: TEXTING_PUBLIC_URL,
      BUSINESS_NAME: 'Lost Coast Soft Wash',
      BUSINESS_PHONE: '(707) 555-0142',
      ...options.env,
    },
    clock: () => now.ms,
    logger: options.logger,
    twilioTimeoutMs: options.twilioTimeoutMs,
    planSeasonTimer: options.planSeasonTimer,
  });
  const outbox = server.outbox;
  if (!options.ownTimer) await outbox.scheduler.stop();
  const incomingSms: TextingServer['incomingSms'] = (params, sentParams) =>
    postAsTwilio({
      serverUrl: server.url,
      path: '/api/twilio/incoming-sms',
      params,
      sentParams,
      authToken: twilio.authToken,
      signedBaseUrl: TEXTING_PUBLIC_URL,
    });
  const smsParams: TextingServer['smsParams'] = ({ from, body, messageSid, media = [] }) => ({
    AccountSid: twilio.accountSid,
    MessageSid: messageSid ?? `SM${(Date.now().toString(16) + String(++sids)).padStart(32, '0')}`,
    From: from,
    To: twilio.phoneNumber,
    Body: body,
    NumMedia: String(media.length),
    ...Object.fromEntries(
      media.flatMap((m, i) => [
        [`MediaUrl${i}`, m.url],
        [`MediaContentType${i}`, m.contentType],
      ]),
    ),
  });
  return {
    server,
    twilio,
    outbox,
    now,
    smsParams,
    customerTexts: (from, body) => incomingSms(smsParams({ from, body })),
    incomingSms,
    mediaUrl: (messageSid, mediaSid) =>
      `${twilio.url}/2010-04-01/Accounts/${twilio.accountSid}/Messages/${messageSid}/Media/${mediaSid}`,
    async threadOf(phone) {
      const threads = (await (await server.get('/api/texts/threads')).json()) as {
        id: number;
        phone: string;
      }[];
      const thread = threads.find((t) => t.phone === phone)!;
      return (await server.get(`/api/texts/threads/${thread.id}`)).json();
    },
    textsTo: (phone) => twilio.texts.filter((t) => t.to === phone).map((t) => t.body),
    async at(ms) {
      now.ms = ms;
      // A pass the outbox's own timer began before the clock moved is joined, then one on the new time.
      await outbox.scheduler.pass();
      await outbox.scheduler.pass();
    },
    async stop() {
      await server.stop();
      await twilio.close();
    },
  };
}

/**
 * The texting server a test file shares: started before its tests, stopped after them, and every
 * test must leave no server error. The object is filled in once the server is up (beforeAll).
 */
export function textingServerForTests(options: Parameters<typeof startTextingServer>[0]): TextingServer {
  const office = {} as TextingServer;
  beforeAll(async () => void Object.assign(office, await startTextingServer(options)));
  afterAll(() => office.stop());
  afterEach(() => expect(office.server.errors).toEqual([]));
  return office;
}
