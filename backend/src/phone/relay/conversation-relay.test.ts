import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import type { FakeTwilio } from '../../test/fake-twilio.ts';
import { saveAiSettings } from '../../test/ai-settings.ts';
import { postAsTwilio } from '../../test/twilio-signing.ts';
import { startTwilioLine, twilioLineEnv } from '../../test/twilio-line.ts';
import { phoneCaller, TEST_TWILIO } from '../../test/phone-caller.ts';
import { parseTwiml, verbNames, verb } from '../../test/twiml.ts';
import { twilioSignature } from '../../phone-simulator/twilio-signature.ts';
import { SimulatedRelayCall, type RelayTwiml } from '../../phone-simulator/simulated-relay-call.ts';
import { WebhookRefused } from '../../phone-simulator/simulated-call.ts';

// Twilio's side of ConversationRelay over a real WebSocket to a real server on 127.0.0.1: the
// signed upgrade, setup, prompts, keys, interruptions, the <Connect action> after a hand-off,
// and a restart in the middle of a call. Monday 23 November 2026, 9:30 AM in California.
const NOW = Date.parse('2026-11-23T17:30:00Z');
const BUSINESS = 'Lost Coast Soft Wash (demo)';
const GREETING = `Thank you for calling ${BUSINESS}. This is the virtual assistant. How may I help you?`;
const FORWARD = '+17075550177';
const PUBLIC = TEST_TWILIO.publicBaseUrl;

const STREAMED = { PHONE_VOICE_MODE: 'stream', STAFF_FORWARD_NUMBER: FORWARD };

let fake: FakeTwilio;
let server: TestServer;
beforeAll(async () => {
  ({ fake, server } = await startTwilioLine({ env: STREAMED, clock: () => NOW }));
  await saveAiSettings(server);
});
afterAll(() => server.stop());
afterEach(() => {
  expect(server.errors).toEqual([]);
  fake.texts.length = 0;
  server.db.exec('DELETE FROM assistant_conversations; DELETE FROM ai_responses; DELETE FROM calls;');
});

const caller = (on: TestServer = server, callSid?: string) =>
  new SimulatedRelayCall({
    serverUrl: on.url,
    publicBaseUrl: PUBLIC,
    authToken: TEST_TWILIO.authToken,
    from: '+17075550123',
    callSid,
  });
const turnsOf = (sid: string, on: TestServer = server) =>
  on.db
    .prepare(
      `SELECT customer_message, ai_response FROM ai_responses WHERE call_id = (SELECT id FROM calls WHERE call_sid = ?) ORDER BY id`,
    )
    .all(sid) as { customer_message: string; ai_response: string }[];
const relayRow = (sid: string, on: TestServer = server) =>
  on.db
    .prepare('SELECT * FROM call_relays WHERE call_id = (SELECT id FROM calls WHERE call_sid = ?)')
    .get(sid) as { greeting: string; sessions: number; handoff: string | null } | undefined;
/** Resolves once `ready()` holds: a state the server reaches on its own (a text sent without holding up the call). */
async function until(ready: () => boolean) {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('a streamed call (ConversationRelay)', () => {
  it('hands the call to the signed socket with the greeting, and streams each reply as text tokens', async () => {
    const call = caller();
    const relay = await call.ring();
    expect(relay).toEqual({
      socketUrl: `wss://washdesk.example.com/api/twilio/relay?call=${call.callSid}`,
      welcomeGreeting: GREETING,
      action: `${PUBLIC}/api/twilio/relay-ended`,
    });
    expect(relayRow(call.callSid)).toMatchObject({ greeting: GREETING, sessions: 0 });

    await call.connect(relay);
    call.prompt('Where are you located?');
    const first = await call.reply();
    // The no-model path: the whole reply at once, as one token that closes it.
    expect(call.received).toEqual([{ type: 'text', token: first.text, last: true }]);
    expect(first.text.length).toBeGreaterThan(20);
    call.prompt('Do you clean gutters?');
    const second = await call.reply(first.end);
    expect(turnsOf(call.callSid)).toEqual([
      { customer_message: 'Where are you located?', ai_response: first.text },
      { customer_message: 'Do you clean gutters?', ai_response: second.text },
    ]);
    expect(relayRow(call.callSid)).toMatchObject({ sessions: 1, handoff: null });
    call.hangUp();
  });

  it('keeps only what was spoken of a reply the caller cut in on, and of the greeting', async () => {
    const call = caller();
    const relay = await call.ring();
    await call.connect(relay);
    call.interrupt('Thank you for calling');
    call.prompt('What are your prices?');
    const priced = await call.reply();
    const heard = priced.text.split(' ').slice(0, 4).join(' ');
    call.interrupt(heard);
    // Messages are handled in order: by the next reply the interruption is stored.
    call.prompt('Do you wash roofs?');
    const next = await call.reply(priced.end);
    expect(relayRow(call.callSid)!.greeting).toBe('Thank you for calling');
    expect(turnsOf(call.callSid)).toEqual([
      { customer_message: 'What are your prices?', ai_response: heard },
      { customer_message: 'Do you wash roofs?', ai_response: next.text },
    ]);
    call.hangUp();
  });

  it('puts a caller who presses 0 through to the office, which is told who and why first', async () => {
    const call = caller();
    const relay = await call.ring();
    await call.connect(relay);
    call.prompt('Do you clean decks?');
    const asked = await call.reply();
    call.dtmf('0');
    // The key press is a turn like any other: the line says how a person is reached, then ends the session.
    const told = await call.next((m) => m.type === 'text', asked.end);
    expect(told).toMatchObject({ token: 'Connecting you with someone from the office now. Please hold.' });
    expect(turnsOf(call.callSid).at(-1)).toEqual({
      customer_message: 'pressed 0 for a person',
      ai_response: 'Connecting you with someone from the office now. Please hold.',
    });
    const end = await call.next((m) => m.type === 'end', asked.end);
    const handoff = JSON.parse((end as { handoffData: string }).handoffData) as Record<string, unknown>;
    expect(handoff).toMatchObject({
      reasonCode: 'person',
      reason: 'pressed 0 for a person',
      callerName: null,
      callerNumber: '+17075550123',
    });
    expect(handoff.summary).toEqual(expect.any(String));

    const twiml = parseTwiml(await call.sessionEnded(relay, { HandoffData: JSON.stringify(handoff) }));
    // The words were heard over the socket: the action only dials.
    expect(verbNames(twiml)).toEqual(['Dial']);
    expect(verb(twiml, 'Dial')).toMatchObject({
      attrs: { action: '/api/twilio/process-speech?dialed=1' },
      text: FORWARD,
    });
    // The live announcement staff see, before the office phone rings.
    const announced = server.db
      .prepare(
        "SELECT summary FROM events WHERE type = 'call.updated' AND summary LIKE '%asked for a person%'",
      )
      .all() as { summary: string }[];
    expect(announced.map((e) => e.summary)).toEqual([
      `Call from +17075550123 asked for a person (pressed 0 for a person): ${String(handoff.summary)}`,
    ]);
    await until(() => fake.texts.length === 1);
    expect(fake.texts[0]).toMatchObject({ to: FORWARD });
    expect(fake.texts[0]!.body).toBe(
      `${BUSINESS}: putting through +17075550123. Why: pressed 0 for a person. So far: ${String(handoff.summary)}`,
    );
    // Nobody picks up: the existing voicemail fallback.
    const gather = phoneCaller(server.url, call.from, { callSid: call.callSid });
    const missed = await gather.twiml(await gather.dialEnded('no-answer'));
    expect(verbNames(missed)).toContain('Record');
  });

  it('says the hand-off line, ends the session, and outside office hours takes a message', async () => {
    const closed = await server.send('PUT', '/api/settings/business-hours', {
      days: {
        monday: null,
        tuesday: null,
        wednesday: null,
        thursday: null,
        friday: null,
        saturday: null,
        sunday: null,
      },
      holidays: [],
    });
    expect(closed.status).toBe(200);
    try {
      const call = caller();
      const relay = await call.ring();
      await call.connect(relay);
      call.prompt('Can I talk to a real person please?');
      const said = await call.reply();
      const end = await call.next((m) => m.type === 'end', said.end);
      expect(JSON.parse((end as { handoffData: string }).handoffData)).toMatchObject({
        reasonCode: 'person',
        reason: 'Can I talk to a real person please?',
      });
      expect(turnsOf(call.callSid)).toEqual([
        { customer_message: 'Can I talk to a real person please?', ai_response: said.text },
      ]);
      const twiml = parseTwiml(await call.sessionEnded(relay));
      expect(verbNames(twiml)).not.toContain('Dial');
      expect(verbNames(twiml)).toContain('Record');
      // The office is not rung, so it gets no text (the caller may get the missed-call text).
      expect(fake.texts.filter((t) => t.to === FORWARD)).toEqual([]);
    } finally {
      server.db.exec("DELETE FROM settings WHERE key = 'business-hours'");
    }
  });

  it('texts the photo quote link on "yes" and says so; says goodbye and hangs up at the end', async () => {
    const prompts = async (on: boolean) =>
      expect(
        (
          await server.send('PUT', '/api/settings/ai', {
            friendlyTone: false,
            autoScheduleQuotes: false,
            photoRequestPrompts: on,
            messengerAutoReply: true,
            responseDelay: 1,
          })
        ).status,
      ).toBe(200);
    await prompts(true);
    try {
      const call = caller();
      const relay = await call.ring();
      await call.connect(relay);
      call.prompt('Can I get a quote?');
      const offer = await call.reply();
      expect(offer.text).toContain('Would you like me to send it?');
      call.prompt('Yes please');
      const sent = await call.reply(offer.end);
      expect(sent.text).toBe("I've texted you the link. Is there anything else I can help you with?");
      expect(fake.texts).toEqual([
        expect.objectContaining({ to: call.from, body: expect.stringContaining(PUBLIC) }),
      ]);
      call.prompt('No thanks, goodbye');
      const bye = await call.reply(sent.end);
      const end = await call.next((m) => m.type === 'end', bye.end);
      expect(JSON.parse((end as { handoffData: string }).handoffData)).toMatchObject({
        reasonCode: 'goodbye',
      });
      expect(verbNames(parseTwiml(await call.sessionEnded(relay)))).toEqual(['Hangup']);
    } finally {
      await prompts(false);
    }
  });

  it('never offers nor texts the photo link to a caller whose number replied STOP (fullwidth, with a zero-width space)', async () => {
    const from = '+17075550133';
    const stop = await postAsTwilio({
      serverUrl: server.url,
      path: '/api/twilio/incoming-sms',
      params: {
        AccountSid: TEST_TWILIO.accountSid,
        MessageSid: `SM${'5707'.repeat(8)}`,
        From: from,
        To: TEST_TWILIO.phoneNumber,
        Body: 'ＳＴ\u200BＯＰ',
        NumMedia: '0',
      },
      authToken: TEST_TWILIO.authToken,
      signedBaseUrl: PUBLIC,
    });
    expect(stop.status).toBe(200);
    await saveAiSettings(server, { photoRequestPrompts: true });
    try {
      const call = new SimulatedRelayCall({
        serverUrl: server.url,
        publicBaseUrl: PUBLIC,
        authToken: TEST_TWILIO.authToken,
        from,
      });
      const relay = await call.ring();
      await call.connect(relay);
      call.prompt('Can I get a quote?');
      const offer = await call.reply();
      expect(offer.text).not.toContain('text you a link');
      call.prompt('Yes please');
      const after = await call.reply(offer.end);
      expect(after.text).not.toContain("I've texted you the link");
      expect(fake.texts.filter((t) => t.to === from)).toEqual([]);
    } finally {
      await saveAiSettings(server);
    }
  });

  it('refuses an unsigned or forged upgrade before it is one, and writes nothing', async () => {
    const sid = `CA${'ab'.repeat(16)}`;
    const relay: RelayTwiml = {
      socketUrl: `wss://washdesk.example.com/api/twilio/relay?call=${sid}`,
      welcomeGreeting: '',
      action: `${PUBLIC}/api/twilio/relay-ended`,
    };
    const refused = async (signature: string) => {
      const error = await caller(server, sid)
        .connect(relay, signature)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WebhookRefused);
      return (error as WebhookRefused).status;
    };
    expect(await refused('')).toBe(403);
    expect(await refused(twilioSignature('not-the-token', relay.socketUrl, {}))).toBe(403);
    // Signed for another call's socket: the CallSid is part of what Twilio signed.
    const other = `wss://washdesk.example.com/api/twilio/relay?call=CA${'cd'.repeat(16)}`;
    expect(await refused(twilioSignature(TEST_TWILIO.authToken, other, {}))).toBe(403);
    expect(server.count('calls')).toBe(0);
    expect(server.count('call_relays')).toBe(0);
    expect(server.count('ai_responses')).toBe(0);
  });
});

describe('a restart in the middle of a streamed call', () => {
  it('loses nothing: Twilio reconnects the same call to the new server, which goes on with it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-relay-'));
    let first: TestServer | null = await startTestServer({
      env: twilioLineEnv(fake, STREAMED),
      clock: () => NOW,
      dataDir,
    });
    let second: TestServer | null = null;
    try {
      const call = caller(first);
      const relay = await call.ring();
      await call.connect(relay);
      call.prompt('I would like to book an estimate for a house wash');
      const asked = await call.reply();
      expect(asked.text).toContain('name');

      await first.stop();
      first = null;
      await call.socketClosed();
      second = await startTestServer({ env: twilioLineEnv(fake, STREAMED), clock: () => NOW, dataDir });
      const again = caller(second, call.callSid);
      // Had the caller hung up, the session's end would be the call's: nothing to reconnect.
      expect(verbNames(parseTwiml(await again.sessionEnded(relay, { CallStatus: 'completed' })))).toEqual([
        'Hangup',
      ]);
      // The dropped socket ends the <Connect>: its action answers with a new session for the call.
      const reconnect = parseTwiml(await again.sessionEnded(relay, { SessionStatus: 'failed' }));
      const relayAgain = reconnect.children[0]!.children[0]!;
      expect(relayAgain.name).toBe('ConversationRelay');
      expect(relayAgain.attrs.url).toBe(relay.socketUrl);
      await again.connect({ ...relay, welcomeGreeting: relayAgain.attrs.welcomeGreeting! });
      again.prompt('Sam Lee');
      const next = await again.reply();
      expect(next.text).not.toContain('name');
      expect(turnsOf(call.callSid, second)).toEqual([
        { customer_message: 'I would like to book an estimate for a house wash', ai_response: asked.text },
        { customer_message: 'Sam Lee', ai_response: next.text },
      ]);
      expect(relayRow(call.callSid, second)).toMatchObject({
        greeting: relay.welcomeGreeting,
        sessions: 2,
      });
      expect(second.count('calls')).toBe(1);
      again.hangUp();
    } finally {
      await first?.stop();
      await second?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
