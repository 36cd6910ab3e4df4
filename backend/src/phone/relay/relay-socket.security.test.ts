import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TestServer } from '../../test/test-server.ts';
import type { FakeTwilio } from '../../test/fake-twilio.ts';
import { startTwilioLine } from '../../test/twilio-line.ts';
import { newCallSid, TEST_TWILIO } from '../../test/phone-caller.ts';
import { twilioSignature } from '../../phone-simulator/twilio-signature.ts';
import { SimulatedRelayCall } from '../../phone-simulator/simulated-relay-call.ts';
import { WebhookRefused } from '../../phone-simulator/simulated-call.ts';
import { parseTwiml, verbNames } from '../../test/twiml.ts';
import { relaySocketUrl } from './relay-paths.ts';

// The ConversationRelay upgrade (/api/twilio/relay?call=…) attacked with what Twilio really signed:
// its signature carries no time, so a captured upgrade is replayed after the call, after our side
// ended the session, and for a CallSid the line never answered; a genuine socket's setup names
// another call; the path is spelled other ways. Each is refused with nothing of the call changed.
// The <Connect action> (relay-ended) replayed after a hand-off texts the office no second time: the
// webhook inbox answers a replay with the first answer and changes nothing. What the socket brings is cleaned like any webhook's text.

const PUBLIC = TEST_TWILIO.publicBaseUrl;
const FORWARD = '+17075550177';
/** Monday 23 November 2026, 9:30 AM in California: the office is open. */
const NOW = Date.parse('2026-11-23T17:30:00Z');
let fake: FakeTwilio;
let server: TestServer;
beforeAll(async () => {
  ({ fake, server } = await startTwilioLine({
    env: { PHONE_VOICE_MODE: 'stream', STAFF_FORWARD_NUMBER: FORWARD },
    clock: () => NOW,
  }));
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

const caller = (callSid?: string) =>
  new SimulatedRelayCall({
    serverUrl: server.url,
    publicBaseUrl: PUBLIC,
    authToken: TEST_TWILIO.authToken,
    from: '+17075550123',
    callSid,
  });
/** The status an upgrade Twilio genuinely signed for this call's socket is refused with. */
async function replayed(callSid: string) {
  const relay = { socketUrl: relaySocketUrl(PUBLIC, callSid), welcomeGreeting: '', action: '' };
  const error = await caller(callSid)
    .connect(relay)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(WebhookRefused);
  return (error as WebhookRefused).status;
}
const sessionsOf = (callSid: string) =>
  (
    server.db
      .prepare('SELECT sessions FROM call_relays WHERE call_id = (SELECT id FROM calls WHERE call_sid = ?)')
      .get(callSid) as { sessions: number }
  ).sessions;

describe('the ConversationRelay upgrade, replayed', () => {
  it('is refused for a CallSid the line never handed to a socket, and opens no call', async () => {
    const calls = server.count('calls');
    expect(await replayed(newCallSid())).toBe(404);
    expect(server.count('calls')).toBe(calls);
  });

  it('is refused once the call is over', async () => {
    const call = caller();
    const relay = await call.ring();
    await call.connect(relay);
    call.hangUp();
    await call.socketClosed();
    await call.completed(30);
    expect(await replayed(call.callSid)).toBe(410);
    expect(sessionsOf(call.callSid)).toBe(1);
  });

  it('is refused once our side ended the session (a hand-off), though Twilio still has the call', async () => {
    const call = caller();
    const relay = await call.ring();
    await call.connect(relay);
    call.dtmf('0');
    await call.next((m) => m.type === 'end');
    call.hangUp();
    await call.socketClosed();
    expect(await replayed(call.callSid)).toBe(410);
    const responses = server.count('ai_responses');
    expect(sessionsOf(call.callSid)).toBe(1);
    expect(server.count('ai_responses')).toBe(responses);
  });

  it('is refused past the reconnects the <Connect action> would still offer', async () => {
    const call = caller();
    await call.ring();
    server.db
      .prepare(
        'UPDATE call_relays SET sessions = 4 WHERE call_id = (SELECT id FROM calls WHERE call_sid = ?)',
      )
      .run(call.callSid);
    expect(await replayed(call.callSid)).toBe(410);
    expect(sessionsOf(call.callSid)).toBe(4);
  });

  it('is refused while the call’s own socket is open, which goes on; the next session opens after the action', async () => {
    const call = caller();
    const relay = await call.ring();
    await call.connect(relay);
    expect(await replayed(call.callSid)).toBe(409);
    call.prompt('Do you clean decks?');
    expect((await call.reply()).text).not.toBe('');
    // Twilio posts the <Connect action> for a session it lost; a socket still open here is closed.
    const again = await call.sessionEnded(relay, { SessionStatus: 'failed' });
    expect(verbNames(parseTwiml(again))).toEqual(['Connect']);
    await call.socketClosed();
    await call.connect(relay);
    const before = call.received.length;
    call.prompt('How much for a house wash?');
    expect((await call.reply(before)).text).not.toBe('');
    expect(sessionsOf(call.callSid)).toBe(2);
    call.hangUp();
  });

  it('a signed socket whose setup names another call is closed, and that call is not touched', async () => {
    const call = caller();
    await call.ring();
    const victim = caller();
    await victim.ring();
    const url = relaySocketUrl(PUBLIC, call.callSid);
    const socket = new WebSocket(
      `${server.url.replace(/^http/, 'ws')}${new URL(url).pathname}${new URL(url).search}`,
      {
        headers: { 'X-Twilio-Signature': twilioSignature(TEST_TWILIO.authToken, url, {}) },
      },
    );
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ type: 'setup', callSid: victim.callSid, from: '+17075550999' }));
    const code = await new Promise<number>((resolve) => socket.once('close', resolve));
    expect(code).toBe(1008);
    expect(sessionsOf(victim.callSid)).toBe(0);
    expect(sessionsOf(call.callSid)).toBe(0);
  });

  it('answers another spelling of the path with 404, signed for that spelling', async () => {
    const call = caller();
    await call.ring();
    for (const path of [
      '/api/twilio/relay/',
      '/API/twilio/relay',
      '/api/twilio/%72elay',
      '/api/twilio//relay',
    ]) {
      const socketUrl = `${PUBLIC.replace(/^http/, 'ws')}${path}?call=${call.callSid}`;
      const error = await call
        .connect({ socketUrl, welcomeGreeting: '', action: '' })
        .catch((e: unknown) => e);
      expect((error as WebhookRefused).status, path).toBe(404);
    }
    expect(sessionsOf(call.callSid)).toBe(0);
  });
});

describe('the <Connect action> (relay-ended), replayed', () => {
  const toldOffice = () =>
    (
      server.db
        .prepare("SELECT count(*) AS n FROM events WHERE summary LIKE '%asked for a person%'")
        .get() as {
        n: number;
      }
    ).n;

  it('after a hand-off is answered as the first time (put through) but texts the office once, even after the call', async () => {
    const call = caller();
    const relay = await call.ring();
    await call.connect(relay);
    call.dtmf('0');
    const end = await call.next((m) => m.type === 'end');
    const fields = { HandoffData: (end as { handoffData: string }).handoffData };
    const texts = fake.texts.length;
    const events = toldOffice();
    for (let i = 0; i < 4; i++)
      expect(verbNames(parseTwiml(await call.sessionEnded(relay, fields)))).toEqual(['Dial']);
    expect(toldOffice()).toBe(events + 1);
    await call.completed(40);
    // The webhook inbox has this session's end: a replay changes nothing and gets the first answer.
    expect(verbNames(parseTwiml(await call.sessionEnded(relay, fields)))).toEqual(['Dial']);
    expect(toldOffice()).toBe(events + 1);
    // The one text (sent without holding up the call) arrives; the replays sent none beside it.
    while (fake.texts.length < texts + 1) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fake.texts.slice(texts).map((t) => t.to)).toEqual([FORWARD]);
  });
});

describe('what the socket brings', () => {
  it('keeps no bidirectional control in what the caller said (provider text is cleaned)', async () => {
    const call = caller();
    await call.connect(await call.ring());
    call.prompt('Do you clean \u202edecks\u202c?');
    await call.reply();
    call.hangUp();
    const said = server.db
      .prepare(
        'SELECT customer_message FROM ai_responses WHERE call_id = (SELECT id FROM calls WHERE call_sid = ?)',
      )
      .all(call.callSid);
    expect(said).toEqual([{ customer_message: 'Do you clean decks?' }]);
  });
});
