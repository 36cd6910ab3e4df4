import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePhoto } from '../test/test-server.ts';
import { TEXTING_PUBLIC_URL, textingServerForTests } from '../test/texting-server.ts';
import { postAsTwilio } from '../test/twilio-signing.ts';
import { phoneCaller } from '../test/phone-caller.ts';
import { TEST_PAGE_ID, customerText, postWebhook, webhookBody } from '../test/fake-meta.ts';

// The one webhook inbox, through real HTTP: every provider's webhook delivered three times, out of
// order (interleaved with the event's neighbours), leaves exactly one effect, and each copy gets
// the first copy's answer. A refused signature writes nothing: no inbox row, no effect.

const APP_SECRET = 'inbox-test-app-secret';
/** Tuesday 24 November 2026, 10:00 AM in California. */
const MORNING = Date.parse('2026-11-24T18:00:00Z');
const office = textingServerForTests({
  start: MORNING,
  env: {
    META_APP_SECRET: APP_SECRET,
    META_VERIFY_TOKEN: 'inbox-verify',
    META_PAGE_ACCESS_TOKEN: 'inbox-page-token',
    // No Graph API is reachable (a closed port): nothing here sends to Messenger.
    META_GRAPH_BASE_URL: 'http://127.0.0.1:9/v21.0',
  },
});

const n = (sql: string, ...args: unknown[]) =>
  (office.server.db.prepare(sql).get(...args) as { n: number }).n;
const caller = (from: string) =>
  phoneCaller(office.server.url, from, {
    authToken: office.twilio.authToken,
    publicBaseUrl: TEXTING_PUBLIC_URL,
  });
const twilioPost = (path: string, params: Record<string, string>, signature?: string) =>
  postAsTwilio({
    serverUrl: office.server.url,
    path,
    params: { AccountSid: office.twilio.accountSid, ...params },
    authToken: office.twilio.authToken,
    signedBaseUrl: TEXTING_PUBLIC_URL,
    signature,
  });
/** Each delivery's status and body: copies of one event must all be answered the same. */
const answered = async (res: Response) => `${res.status} ${await res.text()}`;
const callRow = (sid: string) =>
  office.server.db.prepare('SELECT * FROM calls WHERE call_sid = ?').get(sid) as Record<string, unknown>;
const callEvents = (sid: string, type: string) =>
  n(
    'SELECT count(*) AS n FROM events WHERE type = ? AND entity_id = (SELECT id FROM calls WHERE call_sid = ?)',
    type,
    sid,
  );

describe('Twilio voice webhooks, delivered three times out of order', () => {
  it('an incoming call: one call row, announced once, every copy answered with the same TwiML', async () => {
    const call = caller('+17075550601');
    const answers: string[] = [];
    for (let i = 0; i < 3; i++) {
      answers.push(await answered(await call.dial()));
      // Its neighbour (the Gather's first silence) arrives between the copies.
      expect((await call.say('', '?silence=1')).status).toBe(200);
      // Staff block the number meanwhile: a copy handled again would screen the call it answered.
      if (i === 0)
        expect(
          (await office.server.send('POST', '/api/blocked-numbers', { phoneNumber: call.from })).status,
        ).toBe(201);
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^200 <\?xml.*<Gather/);
    expect(n('SELECT count(*) AS n FROM calls WHERE call_sid = ?', call.callSid)).toBe(1);
    expect(callRow(call.callSid)).toMatchObject({ screened: null });
    expect(callEvents(call.callSid, 'call.created')).toBe(1);
  });

  it('call status: the call row changes once per callback; the ending is announced once', async () => {
    const call = caller('+17075550602');
    await call.dial();
    const order = [2, 1, 2, 1, 2, 1];
    for (const sequence of order) {
      const res = await call.status(sequence === 2 ? 'completed' : 'in-progress', {
        sequence,
        duration: sequence === 2 ? 42 : undefined,
      });
      expect(res.status).toBe(204);
    }
    expect(callRow(call.callSid)).toMatchObject({ status: 'completed', duration_seconds: 42 });
    expect(callEvents(call.callSid, 'call.updated')).toBe(1);
    expect(
      n('SELECT count(*) AS n FROM webhook_events WHERE event_id LIKE ?', `call:${call.callSid}:status:%`),
    ).toBe(2);
  });

  it('relay-ended (the <Connect action>): one call row, one arrival, one answer for every copy', async () => {
    const call = caller('+17075550603');
    const params = {
      CallSid: call.callSid,
      From: call.from,
      CallStatus: 'in-progress',
      SessionStatus: 'ended',
    };
    const answers: string[] = [];
    for (let i = 0; i < 3; i++) {
      answers.push(await answered(await twilioPost('/api/twilio/relay-ended', params)));
      expect((await call.status('ringing', { sequence: i })).status).toBe(204);
    }
    expect(new Set(answers).size).toBe(1);
    expect(n('SELECT count(*) AS n FROM calls WHERE call_sid = ?', call.callSid)).toBe(1);
    expect(callEvents(call.callSid, 'call.created')).toBe(1);
  });

  it('recording status and transcript: one recording, one transcript, each announced once', async () => {
    const call = caller('+17075550604');
    await call.dial();
    const recordingSid = `RE${'ab'.repeat(16)}`;
    const { apiBaseUrl, accountSid } = office.server.config.providers.twilio;
    const status = {
      CallSid: call.callSid,
      RecordingSid: recordingSid,
      RecordingStatus: 'completed',
      RecordingUrl: `${apiBaseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${accountSid}/Recordings/${recordingSid}`,
      RecordingDuration: '17',
    };
    const transcript = {
      CallSid: call.callSid,
      RecordingSid: recordingSid,
      TranscriptionStatus: 'completed',
      TranscriptionText: 'Please call me back about the deck.',
    };
    // The transcript first, then the recording, three times over.
    for (let i = 0; i < 3; i++) {
      expect((await twilioPost('/api/twilio/recording-transcript', transcript)).status).toBe(204);
      expect((await twilioPost('/api/twilio/recording-status', status)).status).toBe(204);
    }
    expect(callRow(call.callSid)).toMatchObject({ recording_sid: recordingSid, recording_seconds: 17 });
    const announced = (what: string) =>
      n(
        "SELECT count(*) AS n FROM events WHERE type = 'call.updated' AND summary LIKE ? AND entity_id = ?",
        `%${what}%`,
        callRow(call.callSid).id,
      );
    expect(announced('left a message')).toBe(1);
    expect(announced('message transcribed')).toBe(1);
    expect(callRow(call.callSid).recording_transcript).toBe('Please call me back about the deck.');
    expect(
      n('SELECT count(*) AS n FROM webhook_events WHERE event_id LIKE ?', `recording:${recordingSid}:%`),
    ).toBe(2);
  });
});

describe('Twilio messaging webhooks, delivered three times out of order', () => {
  it('an incoming text: one text stored, announced once, its photo fetched once; its neighbour too', async () => {
    const messageSid = `MM${'ef'.repeat(16)}`;
    const photo = fs.readFileSync(fixturePhoto('pixel-gps-orientation1.jpg'));
    office.twilio.media.set(`/Messages/${messageSid}/Media/ME${'01'.repeat(16)}`, {
      contentType: 'image/jpeg',
      body: photo,
    });
    const first = office.smsParams({
      from: '+17075550611',
      body: 'Do you wash fences?',
      messageSid,
      media: [{ url: office.mediaUrl(messageSid, `ME${'01'.repeat(16)}`), contentType: 'image/jpeg' }],
    });
    const fetchesBefore = office.twilio.mediaFetches;
    const second = office.smsParams({ from: '+17075550611', body: 'And gutters?' });
    const answers: string[] = [];
    for (let i = 0; i < 3; i++) {
      answers.push(await answered(await office.incomingSms(second)));
      answers.push(await answered(await office.incomingSms(first)));
    }
    expect(new Set(answers).size).toBe(1);
    const stored = office.server.db
      .prepare('SELECT body FROM text_messages WHERE message_sid IN (?, ?) ORDER BY id')
      .all(first.MessageSid, second.MessageSid);
    expect(stored).toEqual([{ body: 'And gutters?' }, { body: 'Do you wash fences?' }]);
    const thread = n('SELECT thread_id AS n FROM text_messages WHERE message_sid = ?', first.MessageSid);
    expect(n("SELECT count(*) AS n FROM events WHERE type = 'text.received' AND entity_id = ?", thread)).toBe(
      2,
    );
    expect(
      n("SELECT count(*) AS n FROM text_messages WHERE thread_id = ? AND direction = 'in'", thread),
    ).toBe(2);
    // A copy of an event the inbox has is answered before any slow work: the photo was fetched once.
    expect(office.twilio.mediaFetches - fetchesBefore).toBe(1);
  });

  it('message status: each status of a sent text is applied and announced once', async () => {
    expect((await office.customerTexts('+17075550612', 'Quote please')).status).toBe(200);
    const threads = (await (await office.server.get('/api/texts/threads')).json()) as {
      id: number;
      phone: string;
    }[];
    const thread = threads.find((t) => t.phone === '+17075550612')!;
    const sent = await office.server.send('POST', `/api/texts/threads/${thread.id}/messages`, {
      body: 'Sure, send a photo.',
    });
    expect(sent.status).toBe(201);
    await office.at(MORNING + 1_000);
    const sid = office.twilio.texts.at(-1)!.sid;
    const announced = () =>
      n("SELECT count(*) AS n FROM events WHERE type = 'text.updated' AND summary LIKE '%delivered'");
    const before = announced();
    for (const status of ['delivered', 'sent', 'delivered', 'sent', 'delivered', 'sent'])
      expect(
        (await twilioPost('/api/twilio/message-status', { MessageSid: sid, MessageStatus: status })).status,
      ).toBe(204);
    expect(announced()).toBe(before + 1);
    expect(n('SELECT count(*) AS n FROM webhook_events WHERE event_id LIKE ?', `text:${sid}:%`)).toBe(2);
  });
});

describe("Meta's webhook, delivered three times out of order", () => {
  it('a customer message: one Messenger message per mid, each announced once', async () => {
    const user = '6000000000000601';
    const a = customerText(user, 'm_inbox_a', 'Hi, do you clean roofs?', MORNING);
    const b = customerText(user, 'm_inbox_b', 'It is a two-storey house.', MORNING + 1);
    const post = (body: unknown) => postWebhook(office.server.url, body, { appSecret: APP_SECRET });
    for (let i = 0; i < 3; i++) {
      // b alone, then a batch carrying both, then a alone.
      expect((await post(webhookBody(MORNING, b))).status).toBe(200);
      expect((await post(webhookBody(MORNING, a, b))).status).toBe(200);
      expect((await post(webhookBody(MORNING, a))).status).toBe(200);
    }
    await office.server.settled();
    const stored = office.server.db
      .prepare("SELECT mid FROM messenger_messages WHERE mid IN ('m_inbox_a', 'm_inbox_b') ORDER BY id")
      .all();
    expect(stored).toEqual([{ mid: 'm_inbox_b' }, { mid: 'm_inbox_a' }]);
    expect(n("SELECT count(*) AS n FROM events WHERE type = 'message.received'")).toBe(2);
    expect(
      n("SELECT count(*) AS n FROM webhook_events WHERE provider = 'meta' AND event_id LIKE 'mid:m_inbox_%'"),
    ).toBe(2);

    // The customer read our side up to a time: one event, however often Meta delivers it.
    const read = {
      sender: { id: user },
      recipient: { id: TEST_PAGE_ID },
      timestamp: MORNING + 5,
      read: { watermark: MORNING + 2 },
    };
    const readNews = () => n("SELECT count(*) AS n FROM events WHERE summary = 'Messages were read'");
    const before = readNews();
    for (let i = 0; i < 3; i++) {
      expect((await post(webhookBody(MORNING + 5, read))).status).toBe(200);
      expect((await post(webhookBody(MORNING, b))).status).toBe(200);
    }
    expect(readNews()).toBe(before + 1);
  });
});

describe('a refused signature', () => {
  const WRITTEN = [
    'webhook_events',
    'calls',
    'text_messages',
    'text_threads',
    'messenger_messages',
    'events',
  ];
  const counts = () => Object.fromEntries(WRITTEN.map((t) => [t, office.server.count(t)]));
  const sid = (prefix: string) => `${prefix}${'cd'.repeat(16)}`;
  const forged: [string, Record<string, string>][] = [
    ['/api/twilio/incoming-call', { CallSid: sid('CA'), From: '+17075550699', CallStatus: 'ringing' }],
    [
      '/api/twilio/call-status',
      { CallSid: sid('CA'), From: '+17075550699', CallStatus: 'completed', SequenceNumber: '3' },
    ],
    ['/api/twilio/relay-ended', { CallSid: sid('CA'), From: '+17075550699', CallStatus: 'in-progress' }],
    [
      '/api/twilio/incoming-sms',
      { MessageSid: sid('SM'), From: '+17075550699', Body: 'forged', NumMedia: '0' },
    ],
    ['/api/twilio/message-status', { MessageSid: sid('SM'), MessageStatus: 'delivered' }],
    [
      '/api/twilio/recording-status',
      { CallSid: sid('CA'), RecordingSid: sid('RE'), RecordingStatus: 'completed' },
    ],
    [
      '/api/twilio/recording-transcript',
      { CallSid: sid('CA'), RecordingSid: sid('RE'), TranscriptionStatus: 'completed' },
    ],
  ];
  for (const [path, params] of forged) {
    it(`${path}: 403, no inbox row, no effect`, async () => {
      const before = counts();
      const res = await twilioPost(path, params, 'bm90IGEgc2lnbmF0dXJl');
      expect(res.status).toBe(403);
      expect(counts()).toEqual(before);
    });
  }

  it("Meta's webhook: 403, no inbox row, no effect", async () => {
    const before = counts();
    const body = webhookBody(MORNING, customerText('6000000000000699', 'm_forged', 'forged', MORNING));
    const res = await postWebhook(office.server.url, body, { appSecret: 'not-the-app-secret' });
    expect(res.status).toBe(403);
    expect(counts()).toEqual(before);
  });
});
