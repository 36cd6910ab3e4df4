import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { newCallSid, PHONE_ENV, TEST_TWILIO } from '../test/phone-caller.ts';
import { twilioSignature } from '../phone-simulator/twilio-signature.ts';
import { postAsTwilio, type TwilioPost } from '../test/twilio-signing.ts';

// The Twilio webhooks have no staff session: the signature is their only authentication, so
// every way of getting it wrong must be refused before anything is written.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: PHONE_ENV });
});
afterAll(() => server.stop());

const WEBHOOKS = ['/api/twilio/incoming-call', '/api/twilio/process-speech', '/api/twilio/call-status'];
const paramsFor = (path: string): Record<string, string> => ({
  AccountSid: TEST_TWILIO.accountSid,
  CallSid: newCallSid(),
  From: '+17075550123',
  To: TEST_TWILIO.phoneNumber,
  CallStatus: path.endsWith('call-status') ? 'completed' : 'in-progress',
  ...(path.endsWith('process-speech') ? { SpeechResult: 'Do you wash roofs?', Confidence: '0.9' } : {}),
  ...(path.endsWith('call-status') ? { CallDuration: '42' } : {}),
});

const nothingWritten = () => {
  expect(server.count('calls')).toBe(0);
  expect(server.count('ai_responses')).toBe(0);
  expect(server.count('assistant_conversations')).toBe(0);
};

const request = (path: string, change: Partial<TwilioPost> = {}): TwilioPost => ({
  serverUrl: server.url,
  path,
  params: paramsFor(path),
  authToken: TEST_TWILIO.authToken,
  signedBaseUrl: TEST_TWILIO.publicBaseUrl,
  ...change,
});

const refusals: [string, (path: string) => TwilioPost][] = [
  ['no signature', (p) => request(p, { signature: null })],
  ['an empty signature', (p) => request(p, { signature: '' })],
  ['a signature made with another token', (p) => request(p, { authToken: 'not-the-real-token' })],
  [
    'a signature of another request',
    (p) =>
      request(p, {
        signature: twilioSignature(TEST_TWILIO.authToken, `${TEST_TWILIO.publicBaseUrl}${p}`, {}),
      }),
  ],
  [
    'a body changed after signing (another caller)',
    (p) => {
      const r = request(p);
      return { ...r, sentParams: { ...r.params, From: '+17075559999' } };
    },
  ],
  [
    'a body with a parameter added after signing',
    (p) => {
      const r = request(p);
      return { ...r, sentParams: { ...r.params, Digits: '1' } };
    },
  ],
  ['http instead of https', (p) => request(p, { signedBaseUrl: 'http://washdesk.example.com' })],
  ['another host', (p) => request(p, { signedBaseUrl: 'https://evil.example.com' })],
  ['the server address instead of the public one', (p) => request(p, { signedBaseUrl: server.url })],
  [
    'a query added after signing',
    (p) => {
      const r = request(p);
      const signature = twilioSignature(TEST_TWILIO.authToken, `${TEST_TWILIO.publicBaseUrl}${p}`, r.params);
      return { ...r, path: `${p}?silence=1`, signature };
    },
  ],
  [
    'a query changed after signing',
    (p) => {
      const r = request(p);
      const signed = `${TEST_TWILIO.publicBaseUrl}${p}?silence=1`;
      return {
        ...r,
        path: `${p}?silence=2`,
        signature: twilioSignature(TEST_TWILIO.authToken, signed, r.params),
      };
    },
  ],
];

describe('Twilio webhook signatures', () => {
  for (const path of WEBHOOKS) {
    it.each(refusals)(`${path}: %s → 403, nothing written`, async (_name, build) => {
      const res = await postAsTwilio(build(path));
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).not.toContain('<Response');
      nothingWritten();
    });
  }

  it('refuses a signed JSON body with 415: Twilio posts forms', async () => {
    const path = '/api/twilio/incoming-call';
    const params = paramsFor(path);
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Twilio-Signature': twilioSignature(
          TEST_TWILIO.authToken,
          `${TEST_TWILIO.publicBaseUrl}${path}`,
          params,
        ),
      },
      body: JSON.stringify(params),
    });
    expect(res.status).toBe(415);
    nothingWritten();
  });

  it('accepts the same requests correctly signed (so the refusals above are about the signature)', async () => {
    for (const path of WEBHOOKS) {
      const res = await postAsTwilio(request(path));
      expect(res.status, path).toBeLessThan(300);
    }
    expect(server.count('calls')).toBe(3);
    expect(server.errors).toEqual([]);
  });
});

describe('without TWILIO_AUTH_TOKEN', () => {
  it('answers 503 "phone line not configured" to signed requests and writes nothing', async () => {
    const unconfigured = await startTestServer({ env: { PUBLIC_BASE_URL: TEST_TWILIO.publicBaseUrl } });
    try {
      for (const path of WEBHOOKS) {
        const res = await postAsTwilio({ ...request(path), serverUrl: unconfigured.url });
        expect(res.status).toBe(503);
        expect(await res.text()).toBe('phone line not configured');
      }
      expect(unconfigured.count('calls')).toBe(0);
      expect(unconfigured.count('ai_responses')).toBe(0);
    } finally {
      await unconfigured.stop();
    }
  });
});
