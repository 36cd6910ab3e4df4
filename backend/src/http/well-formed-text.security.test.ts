import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE } from '@washdesk/contract';
import { customerText, postWebhook, startFakeMeta, webhookBody, type FakeMeta } from '../test/fake-meta.ts';
import { newCallSid, PHONE_ENV, TEST_TWILIO } from '../test/phone-caller.ts';
import { fixturePhoto, startTestServer, type JsonResponse, type TestServer } from '../test/test-server.ts';
import { postAsTwilio } from '../test/twilio-signing.ts';

// Issue 21, item 4: text that lies about itself. Whatever the door (a staff member's JSON, a
// customer's form, a webhook, a profile look-up), what SQLite keeps is well-formed UTF-8 that
// other readers can read, and never a bidirectional control that makes it show as something else
// ("…\u202egnp.exe" shows as "…exe.png"). Typed input with a control is refused with the field's
// message; provider text is cleaned; a lone surrogate becomes U+FFFD (as browsers do).

const BIDI = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];
const HAS_BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const APP_SECRET = 'test-app-secret';

let meta: FakeMeta;
let server: TestServer;
beforeAll(async () => {
  meta = await startFakeMeta();
  server = await startTestServer({
    env: {
      ...PHONE_ENV,
      META_APP_SECRET: APP_SECRET,
      META_VERIFY_TOKEN: 'verify',
      META_PAGE_ACCESS_TOKEN: 'test-page-token',
      META_GRAPH_BASE_URL: meta.url,
    },
  });
});
afterAll(async () => {
  await server.stop();
  await meta.close();
});
afterEach(async () => {
  await server.settled();
  expect(server.errors).toEqual([]);
});

/** A column read back as SQLite stores it: its bytes must be UTF-8 (fatal decoding), and its text. */
function storedText(sql: string, ...params: unknown[]): string {
  const row = server.db
    .prepare(sql.replace(/^SELECT (\w+)/, 'SELECT CAST($1 AS BLOB) AS bytes'))
    .get(...params) as { bytes: Buffer } | undefined;
  expect(row, sql).toBeDefined();
  return new TextDecoder('utf-8', { fatal: true }).decode(row!.bytes);
}

describe('JSON from staff (FAQ, staff name)', () => {
  it('stores a lone surrogate as U+FFFD, keeps a real emoji, and never writes bytes that are not UTF-8', async () => {
    const res = await server.send('POST', '/api/faq', {
      question: 'Do you wash \ud800 decks? 🏠',
      answer: 'Yes \udc00.',
    });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    expect(storedText('SELECT question FROM faq_entries WHERE id = ?', id)).toBe(
      'Do you wash \ufffd decks? 🏠',
    );
    expect(storedText('SELECT answer FROM faq_entries WHERE id = ?', id)).toBe('Yes \ufffd.');

    const user = await server.send('POST', '/api/users', {
      email: 'surrogate@example.com',
      name: 'Rosa \ud83d',
      role: 'staff',
      password: 'a long enough password',
    });
    expect(user.status).toBe(201);
    expect(storedText("SELECT name FROM users WHERE email = 'surrogate@example.com'")).toBe('Rosa \ufffd');
  });

  it.each(BIDI)(
    'refuses the bidirectional control %j in a name, with the field’s message',
    async (control) => {
      const before = server.count('users');
      const res = await server.send('POST', '/api/users', {
        email: `bidi-${control.charCodeAt(0)}@example.com`,
        name: `Rosa${control}gnp.exe`,
        password: 'a long enough password',
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toEqual({ name: CONTROL_CHARACTERS_MESSAGE });
      expect(server.count('users')).toBe(before);
    },
  );
});

describe('forms from customers', () => {
  it('the wizard (JSON): a lone surrogate is stored as U+FFFD, a bidi control is refused', async () => {
    const request = (firstName: string) =>
      server.anonymous.send('POST', '/api/service-requests', {
        firstName,
        lastName: 'Alder',
        email: 'maya@example.net',
        phone: '(707) 555-0142',
        address: '12 Redwood Dr, Garberville',
        serviceType: 'house-washing',
      });
    const ok = await request('Maya\ud800');
    expect(ok.status).toBe(201);
    expect(storedText('SELECT first_name FROM service_requests WHERE id = ?', (await ok.json()).id)).toBe(
      'Maya\ufffd',
    );
    const refused = await request('Maya\u202egnp.exe');
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toEqual({ firstName: CONTROL_CHARACTERS_MESSAGE });
  });

  it('the photo form (multipart): bytes that are not UTF-8 are stored as U+FFFD; a bidi control is refused', async () => {
    const boundary = 'washdeskText';
    const part = (name: string, value: Buffer | string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
        Buffer.from(value),
        Buffer.from('\r\n'),
      ]);
    const form = (firstName: Buffer | string) =>
      Buffer.concat([
        part('firstName', firstName),
        part('lastName', 'Greer'),
        part('phone', '707-555-0199'),
        part('serviceType', 'Roof Cleaning'),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        readFileSync(fixturePhoto('pixel-gps-orientation1.jpg')),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const post = (body: Buffer): Promise<JsonResponse> =>
      fetch(`${server.url}/api/photo-submissions`, {
        method: 'POST',
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        body,
      });
    // "Rosa" + a lone surrogate as a careless encoder writes it (CESU-8: ED A0 80).
    const ok = await post(form(Buffer.concat([Buffer.from('Rosa'), Buffer.from([0xed, 0xa0, 0x80])])));
    expect(ok.status).toBe(201);
    const stored = storedText('SELECT first_name FROM photo_submissions WHERE id = ?', (await ok.json()).id);
    expect(stored).toMatch(/^Rosa\ufffd+$/);
    const before = server.count('photo_submissions');
    const refused = await post(form('Rosa\u202egnp.exe'));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toEqual({ firstName: CONTROL_CHARACTERS_MESSAGE });
    expect(server.count('photo_submissions')).toBe(before);
  });
});

describe('webhooks and provider look-ups', () => {
  it('Messenger: a message and the sender’s Meta profile name are stored without bidi controls', async () => {
    const userId = '6000000000007001';
    meta.profiles.set(userId, { first_name: 'Rosa\u202egnp.exe', last_name: '\u2067Lindqvist\u2069' });
    const now = Date.now();
    const text = `Invoice\u202e fdp.exe \u200fplease\ud800`;
    const res = await postWebhook(server.url, webhookBody(now, customerText(userId, 'm_bidi_1', text, now)), {
      appSecret: APP_SECRET,
    });
    expect(res.status).toBe(200);
    await server.settled();
    const conversation = 'SELECT id FROM messenger_conversations WHERE facebook_user_id = ?';
    expect(
      storedText(`SELECT first_name FROM messenger_conversations WHERE facebook_user_id = ?`, userId),
    ).toBe('Rosagnp.exe');
    expect(
      storedText(`SELECT last_name FROM messenger_conversations WHERE facebook_user_id = ?`, userId),
    ).toBe('Lindqvist');
    expect(
      storedText(
        `SELECT message_text FROM messenger_messages WHERE conversation_id = (${conversation})`,
        userId,
      ),
    ).toBe('Invoice fdp.exe please\ufffd');
  });

  it('Twilio: a caller id and what the caller said are stored without bidi controls', async () => {
    const callSid = newCallSid();
    const common = { AccountSid: TEST_TWILIO.accountSid, CallSid: callSid, To: TEST_TWILIO.phoneNumber };
    const from = '+1707555\u202e0123';
    for (const [path, params] of [
      ['/api/twilio/incoming-call', { ...common, From: from, CallStatus: 'ringing' }],
      [
        '/api/twilio/process-speech',
        { ...common, From: from, CallStatus: 'in-progress', SpeechResult: 'Do you \u2066wash\u2069 roofs?' },
      ],
    ] as const) {
      const res = await postAsTwilio({
        serverUrl: server.url,
        path,
        params,
        authToken: TEST_TWILIO.authToken,
        signedBaseUrl: TEST_TWILIO.publicBaseUrl,
      });
      expect(res.status, path).toBe(200);
    }
    expect(storedText('SELECT phone_number FROM calls WHERE call_sid = ?', callSid)).toBe('+17075550123');
    const said = storedText(
      'SELECT customer_message FROM ai_responses WHERE call_id = (SELECT id FROM calls WHERE call_sid = ?)',
      callSid,
    );
    expect(said).toBe('Do you wash roofs?');
    expect(HAS_BIDI.test(said)).toBe(false);
  });
});
