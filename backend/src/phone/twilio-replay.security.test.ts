import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import twilio from 'twilio';
import { twilioSignature } from '../phone-simulator/twilio-signature.ts';
import type { FakeTwilio } from '../test/fake-twilio.ts';
import { saveAiSettings } from '../test/ai-settings.ts';
import { startTwilioLine } from '../test/twilio-line.ts';
import { newCallSid, TEST_TWILIO } from '../test/phone-caller.ts';
import { requestSpelled } from '../test/raw-http.ts';
import type { TestServer } from '../test/test-server.ts';

// Issue 21, item 1. One request Twilio genuinely signed is captured (a silent turn on
// …/process-speech?silence=1: no spaces in it, so it travels as a URL byte for byte) and replayed
// every way an attacker would: its fields moved into the query under a JSON body, a signature over
// the bare URL with a JSON body, other content types carrying the signed form. Each must be
// refused with nothing stored anywhere the webhooks write and no text sent through the (fake)
// Twilio REST API.

const PUBLIC = TEST_TWILIO.publicBaseUrl;
const WEBHOOKS = [
  '/api/twilio/incoming-call',
  '/api/twilio/process-speech',
  '/api/twilio/call-status',
  // Issue 24: the voicemail callbacks the <Record> TwiML names.
  '/api/twilio/recording-status',
  '/api/twilio/recording-transcript',
  // ConversationRelay's <Connect action> and the messaging webhooks (issues 24, 25).
  '/api/twilio/relay-ended',
  '/api/twilio/incoming-sms',
  '/api/twilio/message-status',
];
const WRITTEN_BY_WEBHOOKS = [
  'calls',
  'customers',
  'customer_arrivals',
  'customer_items',
  'customer_keys',
  'leads',
  'appointments',
  'ai_responses',
  'assistant_conversations',
  'events',
  'call_relays',
  'text_threads',
  'text_messages',
  'outbox_messages',
];

let fake: FakeTwilio;
let server: TestServer;
beforeAll(async () => {
  ({ fake, server } = await startTwilioLine());
  // The assistant offers to text the photo link, so a forged "yes please" would send a text.
  await saveAiSettings(server, { autoScheduleQuotes: true, photoRequestPrompts: true });
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

const nothingWritten = () => {
  for (const table of WRITTEN_BY_WEBHOOKS) expect(server.count(table), table).toBe(0);
  expect(fake.texts).toEqual([]);
};

/** What Twilio posted on a silent turn: the fields it documents, all URL-safe. */
const capturedFields = {
  AccountSid: TEST_TWILIO.accountSid,
  ApiVersion: '2010-04-01',
  CallSid: newCallSid(),
  CallStatus: 'in-progress',
  Called: TEST_TWILIO.phoneNumber,
  Caller: '+17075550123',
  Direction: 'inbound',
  From: '+17075550123',
  To: TEST_TWILIO.phoneNumber,
};
const capturedPath = '/api/twilio/process-speech?silence=1';
const capturedSignature = twilioSignature(TEST_TWILIO.authToken, `${PUBLIC}${capturedPath}`, capturedFields);
/** Twilio's signed string is URL + name + value…: the same bytes read as a URL with no fields. */
const fieldsMovedIntoQuery =
  capturedPath +
  Object.keys(capturedFields)
    .sort()
    .map((name) => name + capturedFields[name as keyof typeof capturedFields])
    .join('');

/** The attacker's bodies: a new caller id, a booking, a text to a chosen number. */
const forgedTurns = (path: string) =>
  ['Can I get a quote?', 'Yes please', 'Book a free estimate next Tuesday at 10', 'yes'].map((speech) => ({
    CallSid: 'CA' + 'f'.repeat(32),
    From: '+17075550666',
    To: TEST_TWILIO.phoneNumber,
    CallStatus: path.endsWith('call-status') ? 'completed' : 'in-progress',
    CallDuration: '60',
    SpeechResult: speech,
  }));

const post = (path: string, headers: Record<string, string>, body: string) =>
  requestSpelled(server.url, 'POST', path, { headers, body });

describe('a genuinely signed Twilio request, replayed', () => {
  it('is what Twilio sends: the twilio SDK accepts its signature', () => {
    expect(
      twilio.validateRequest(
        TEST_TWILIO.authToken,
        capturedSignature,
        `${PUBLIC}${capturedPath}`,
        capturedFields,
      ),
    ).toBe(true);
    // …and the same signature covers the fields-in-the-query URL with no fields at all.
    expect(
      twilio.validateRequest(
        TEST_TWILIO.authToken,
        capturedSignature,
        `${PUBLIC}${fieldsMovedIntoQuery}`,
        {},
      ),
    ).toBe(true);
  });

  it('with its fields moved into the query and a JSON body: 415, nothing written, no text', async () => {
    for (const body of forgedTurns(capturedPath)) {
      const res = await post(
        fieldsMovedIntoQuery,
        { 'Content-Type': 'application/json', 'X-Twilio-Signature': capturedSignature },
        JSON.stringify(body),
      );
      expect(res.status).toBe(415);
    }
    nothingWritten();
  });

  it('with its fields moved into the query and an empty form: the handler has nothing to act on', async () => {
    const res = await post(
      fieldsMovedIntoQuery,
      { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': capturedSignature },
      '',
    );
    expect(res.status).toBe(400);
    nothingWritten();
  });

  for (const path of WEBHOOKS) {
    const bareSignature = twilioSignature(TEST_TWILIO.authToken, `${PUBLIC}${path}`, {});
    it(`${path}: a signature over the bare URL with a JSON body → 415, nothing written`, async () => {
      for (const body of forgedTurns(path)) {
        const res = await post(
          path,
          { 'Content-Type': 'application/json; charset=utf-8', 'X-Twilio-Signature': bareSignature },
          JSON.stringify(body),
        );
        expect(res.status).toBe(415);
      }
      nothingWritten();
    });

    it(`${path}: a signature over the bare URL with the fields in a form → 403, nothing written`, async () => {
      const res = await post(
        path,
        { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': bareSignature },
        new URLSearchParams(forgedTurns(path)[0]).toString(),
      );
      expect(res.status).toBe(403);
      nothingWritten();
    });

    // The signed form's own bytes and signature, under every other label: the type alone refuses.
    const fields = { ...capturedFields, CallSid: newCallSid() };
    const signature = twilioSignature(TEST_TWILIO.authToken, `${PUBLIC}${path}`, fields);
    const form = new URLSearchParams(fields).toString();
    const otherTypes: [string, Record<string, string>][] = [
      ['application/json', { 'Content-Type': 'application/json' }],
      ['text/plain', { 'Content-Type': 'text/plain' }],
      ['multipart/form-data', { 'Content-Type': 'multipart/form-data; boundary=x' }],
      ['no Content-Type', {}],
      [
        'application/x-www-form-urlencoded-evil',
        { 'Content-Type': 'application/x-www-form-urlencoded-evil' },
      ],
      ['xapplication/x-www-form-urlencoded', { 'Content-Type': 'xapplication/x-www-form-urlencoded' }],
      ['a list of types', { 'Content-Type': 'application/x-www-form-urlencoded, application/json' }],
      ['another charset', { 'Content-Type': 'application/x-www-form-urlencoded; charset=iso-8859-1' }],
      ['an extra parameter', { 'Content-Type': 'application/x-www-form-urlencoded; boundary=x' }],
      ['text/xml', { 'Content-Type': 'text/xml' }],
    ];
    it.each(otherTypes)(
      `${path}: the signed form sent as %s → 415, nothing written`,
      async (_name, headers) => {
        const res = await post(path, { ...headers, 'X-Twilio-Signature': signature }, form);
        expect(res.status).toBe(415);
        expect(res.text()).toBe('Twilio webhooks accept only application/x-www-form-urlencoded');
        nothingWritten();
      },
    );

    it(`${path}: a JSON body labelled as a form → 403 (its "fields" were never signed)`, async () => {
      const res = await post(
        path,
        { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': signature },
        JSON.stringify(fields),
      );
      expect(res.status).toBe(403);
      nothingWritten();
    });

    it(`${path}: a field sent twice → 400 (the handler would read one of a signed set)`, async () => {
      const twice = { ...fields, CallSid: [fields.CallSid, newCallSid()] };
      const sdkSignature = twilio.getExpectedTwilioSignature(
        TEST_TWILIO.authToken,
        `${PUBLIC}${path}`,
        twice,
      );
      const body = `${form}&CallSid=${twice.CallSid[1]}`;
      const res = await post(
        path,
        { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': sdkSignature },
        body,
      );
      expect(res.status).toBe(400);
      nothingWritten();
    });
  }

  it('answers GET and other methods under the prefix with 415 too: only signed forms are read there', async () => {
    const res = await requestSpelled(server.url, 'GET', '/api/twilio/incoming-call');
    expect(res.status).toBe(415);
    nothingWritten();
  });

  it('exactly as captured, is still a valid Twilio request (so the refusals above are about the replays)', async () => {
    const res = await post(
      capturedPath,
      {
        'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
        'X-Twilio-Signature': capturedSignature,
      },
      new URLSearchParams(capturedFields).toString(),
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(server.count('calls')).toBe(1);
  });

  it('a genuine caller who asks can still get the photo link texted (the texts oracle is live)', async () => {
    const from = '+17075550124';
    const sid = newCallSid();
    for (const speech of ['Can I get a quote?', 'Yes please']) {
      const fields = { ...capturedFields, CallSid: sid, From: from, Caller: from, SpeechResult: speech };
      const path = '/api/twilio/process-speech';
      const res = await post(
        path,
        {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Twilio-Signature': twilioSignature(TEST_TWILIO.authToken, `${PUBLIC}${path}`, fields),
        },
        new URLSearchParams(fields).toString(),
      );
      expect(res.status).toBe(200);
    }
    expect(fake.texts.map((t) => t.to)).toEqual([from]);
  });
});
