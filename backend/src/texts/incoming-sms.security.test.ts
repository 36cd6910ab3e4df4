import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../phone-simulator/twilio-signature.ts';
import { startFakeTwilio, type FakeTwilio } from '../test/fake-twilio.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { postAsTwilio, type TwilioPost } from '../test/twilio-signing.ts';

// Twilio's incoming-SMS webhook has no staff session: its signature is its only authentication.
// Every way of getting it wrong is refused before anything is written, and a text Twilio sends
// twice (same MessageSid) is stored once.

const PUBLIC = 'https://washdesk.example.com';
const PATH = '/api/twilio/incoming-sms';
let twilio: FakeTwilio;
let server: TestServer;
beforeAll(async () => {
  twilio = await startFakeTwilio();
  server = await startTestServer({ env: { ...twilio.env, PUBLIC_BASE_URL: PUBLIC } });
});
afterAll(async () => {
  await server.stop();
  await twilio.close();
});
afterEach(() => expect(server.errors).toEqual([]));

let sids = 0;
const newMessageSid = () => `SM${String(++sids).padStart(32, 'a')}`;
const text = (change: Partial<TwilioPost> = {}, params: Record<string, string> = {}): TwilioPost => ({
  serverUrl: server.url,
  path: PATH,
  params: {
    AccountSid: twilio.accountSid,
    MessageSid: newMessageSid(),
    From: '+17075550123',
    To: twilio.phoneNumber,
    Body: 'Do you clean gutters too?',
    NumMedia: '0',
    ...params,
  },
  authToken: twilio.authToken,
  signedBaseUrl: PUBLIC,
  ...change,
});
const nothingWritten = () => {
  expect(server.count('text_messages')).toBe(0);
  expect(server.count('text_threads')).toBe(0);
  expect(server.count('outbox_messages')).toBe(0);
};

describe('the incoming-SMS webhook refuses', () => {
  const forged: [string, () => TwilioPost][] = [
    ['no signature', () => text({ signature: null })],
    ['a signature made with another token', () => text({ authToken: 'not-the-real-token' })],
    ['a signature for another address', () => text({ signedBaseUrl: 'https://evil.example.com' })],
    [
      'a signature of an empty request',
      () => text({ signature: twilioSignature(twilio.authToken, `${PUBLIC}${PATH}`, {}) }),
    ],
    [
      'a signed text replayed onto another body',
      () => {
        const r = text();
        return { ...r, sentParams: { ...r.params, Body: 'STOP' } };
      },
    ],
    [
      'a signed text replayed from another number',
      () => {
        const r = text();
        return { ...r, sentParams: { ...r.params, From: '+17075559999' } };
      },
    ],
  ];
  for (const [name, request] of forged) {
    it(name, async () => {
      const res = await postAsTwilio(request());
      expect(res.status).toBe(403);
      nothingWritten();
    });
  }

  it('a body that is not a form (415), signed or not', async () => {
    const params = text().params;
    const signature = twilioSignature(twilio.authToken, `${PUBLIC}${PATH}`, params);
    for (const [type, body] of [
      ['application/json', JSON.stringify(params)],
      ['text/plain', new URLSearchParams(params).toString()],
      [
        'multipart/form-data; boundary=x',
        `--x\r\nContent-Disposition: form-data; name="Body"\r\n\r\nhi\r\n--x--`,
      ],
    ] as const) {
      const res = await fetch(`${server.url}${PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': type, 'X-Twilio-Signature': signature },
        body,
      });
      expect(res.status, type).toBe(415);
    }
    nothingWritten();
  });
});

describe('a signed text', () => {
  it('is stored once however often Twilio sends it, on a thread of its number, and answered with empty TwiML', async () => {
    const request = text({}, { Body: 'Can you wash my deck on Friday?' });
    for (let i = 0; i < 3; i++) {
      const res = await postAsTwilio(request);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/xml');
      expect(await res.text()).toContain('<Response></Response>');
    }
    expect(server.count('text_messages')).toBe(1);
    const threads = await (await server.get('/api/texts/threads')).json();
    expect(threads).toEqual([
      expect.objectContaining({
        phone: '+17075550123',
        lastMessage: 'Can you wash my deck on Friday?',
        optedOut: false,
      }),
    ]);
    // Handed to the customers feature: the number has a customer record with the thread on it.
    expect(threads[0].customerId).toEqual(expect.any(Number));
    const timeline = await (await server.get(`/api/customers/${threads[0].customerId}/timeline`)).json();
    expect(timeline).toEqual([
      expect.objectContaining({
        kind: 'text',
        title: 'Text messages',
        messages: [expect.objectContaining({ sender: 'Customer', text: 'Can you wash my deck on Friday?' })],
      }),
    ]);
  });

  it('without a MessageSid or a real sender is a bad request, with nothing stored', async () => {
    const before = server.count('text_messages');
    for (const params of [{ MessageSid: 'not-a-sid' }, { From: 'anonymous' }] as Record<string, string>[]) {
      const res = await postAsTwilio(text({}, params));
      expect(res.status).toBe(400);
    }
    expect(server.count('text_messages')).toBe(before);
  });
});

describe('a signed text that lies about itself', () => {
  it('keeps no bidirectional control, nor a lone surrogate (provider text is cleaned, as on every webhook)', async () => {
    // "Call me at …" that would show its number backwards to staff, and half an emoji.
    const res = await postAsTwilio(text({}, { Body: 'Call me \u202e0142-555 (707)\u202c \ud83d' }));
    expect(res.status).toBe(200);
    const row = server.db.prepare('SELECT body FROM text_messages ORDER BY id DESC LIMIT 1').get() as {
      body: string;
    };
    expect(row.body).toBe('Call me 0142-555 (707) \ufffd');
  });
});

describe('an oversize or malformed signed form', () => {
  it('is refused with a 4xx and nothing written, never a fault', async () => {
    const before = server.count('text_messages');
    const cases: [string, Record<string, string>, number][] = [
      ['a body over 16 kB', { Body: 'x'.repeat(17 * 1024) }, 413],
      ['over 100 fields', Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`F${i}`, 'x'])), 413],
      ['a text longer than Twilio allows', { Body: 'x'.repeat(1601) }, 400],
      ['NumMedia that is not a count', { NumMedia: '-1' }, 400],
    ];
    for (const [name, params, status] of cases) {
      const res = await postAsTwilio(text({}, params));
      expect(res.status, name).toBe(status);
    }
    const malformed = await fetch(`${server.url}${PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': 'x' },
      body: 'Body=%E0%A4%A&From=%',
    });
    expect(malformed.status).toBe(403);
    expect(server.count('text_messages')).toBe(before);
  });
});
