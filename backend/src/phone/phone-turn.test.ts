import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeTwilio } from '../test/fake-twilio.ts';
import type { TestServer } from '../test/test-server.ts';
import { saveAiSettings } from '../test/ai-settings.ts';
import { startTwilioLine } from '../test/twilio-line.ts';
import { phoneCaller, TEST_TWILIO } from '../test/phone-caller.ts';
import { parseTwiml, verbNames } from '../test/twiml.ts';
import { SimulatedRelayCall } from '../phone-simulator/simulated-relay-call.ts';

// One phone turn, two lines: the same caller words through the Gather webhooks and through a
// ConversationRelay socket (signed like Twilio's, over real HTTP and a real WebSocket) must reach
// the same decisions: what is booked, whether a call back is owed, whether the caller is put
// through, and what the call row says. A rule changed on one line only fails here.
// Monday 23 November 2026, 9:30 AM in California.
const NOW = Date.parse('2026-11-23T17:30:00Z');
const FORWARD = '+17075550177';
const FROM = '+17075550123';

type Line = 'gather' | 'stream';
/** What the line did after the caller's last words. */
type Next = 'listen' | 'put-through' | 'take-message' | 'hang-up';

const lines = {} as Record<Line, { fake: FakeTwilio; server: TestServer }>;
beforeAll(async () => {
  for (const line of ['gather', 'stream'] as const) {
    lines[line] = await startTwilioLine({
      env: { PHONE_VOICE_MODE: line, STAFF_FORWARD_NUMBER: FORWARD },
      clock: () => NOW,
    });
    await saveAiSettings(lines[line].server);
  }
});
afterAll(async () => {
  await Promise.all(Object.values(lines).map(({ server }) => server.stop()));
});
afterEach(() => {
  for (const { server, fake } of Object.values(lines)) {
    expect(server.errors).toEqual([]);
    fake.texts.length = 0;
    server.db.exec(
      "DELETE FROM assistant_conversations; DELETE FROM ai_responses; DELETE FROM appointments; DELETE FROM calls; DELETE FROM settings WHERE key = 'business-hours';",
    );
  }
});

/** What TwiML does next, read the way Twilio would act on it. */
const nextOf = (xml: string): Next => {
  const verbs = verbNames(parseTwiml(xml));
  if (verbs.includes('Dial')) return 'put-through';
  if (verbs.includes('Record')) return 'take-message';
  if (verbs.includes('Gather')) return 'listen';
  return 'hang-up';
};

/** The caller's words through the Gather webhooks, one signed request per turn. */
async function overGather(words: string[]): Promise<{ sid: string; next: Next }> {
  const caller = phoneCaller(lines.gather.server.url, FROM);
  await caller.dial();
  let xml = '';
  for (const said of words) {
    const res = await caller.say(said);
    expect(res.status).toBe(200);
    xml = await res.text();
  }
  return { sid: caller.callSid, next: nextOf(xml) };
}

/**
 * The same words as ConversationRelay prompts on one socket. `expected` only says what to wait
 * for: a session that ends sends `end` (then the <Connect action> says what follows); one that
 * keeps listening answers one more prompt. A line that does otherwise never gets there.
 */
async function overStream(words: string[], expected: Next): Promise<{ sid: string; next: Next }> {
  const call = new SimulatedRelayCall({
    serverUrl: lines.stream.server.url,
    publicBaseUrl: TEST_TWILIO.publicBaseUrl,
    authToken: TEST_TWILIO.authToken,
    from: FROM,
  });
  const relay = await call.ring();
  await call.connect(relay);
  let from = 0;
  for (const said of words) {
    call.prompt(said);
    from = (await call.reply(from)).end;
  }
  if (expected === 'listen') {
    call.prompt('Where are you located?');
    await call.reply(from);
    call.hangUp();
    await call.socketClosed();
    return { sid: call.callSid, next: 'listen' };
  }
  const end = (await call.next((m) => m.type === 'end', from)) as { handoffData: string };
  // Twilio closes the socket once it has the `end`, then posts the <Connect action>.
  call.hangUp();
  await call.socketClosed();
  const xml = await call.sessionEnded(relay, { HandoffData: end.handoffData });
  return { sid: call.callSid, next: nextOf(xml) };
}

/** Everything the turns decided, as staff find it afterwards. */
function decisions(line: Line, run: { sid: string; next: Next }) {
  const { db } = lines[line].server;
  const call = db
    .prepare(
      'SELECT id, customer_name, intent, callback_requested, callback_reason, callback_urgent, forwarded_to FROM calls WHERE call_sid = ?',
    )
    .get(run.sid) as Record<string, unknown> & { id: number };
  const booked = db
    .prepare(
      'SELECT customer_name, customer_phone, service_type, scheduled_date, preferred_time, source FROM appointments WHERE call_id = ?',
    )
    .all(call.id);
  const turns = db
    .prepare('SELECT customer_message, ai_response FROM ai_responses WHERE call_id = ? ORDER BY id')
    .all(call.id);
  const { id: _id, ...row } = call;
  return { next: run.next, row, booked, turns };
}

async function bothLines(words: string[], expected: Next) {
  const gather = decisions('gather', await overGather(words));
  const stream = decisions('stream', await overStream(words, expected));
  // The streamed line's extra prompt (to see it still listens) is not one of the shared turns.
  if (expected === 'listen') stream.turns = stream.turns.slice(0, words.length);
  expect(stream).toEqual(gather);
  expect(gather.next).toBe(expected);
  return gather;
}

const closeTheOffice = async () => {
  for (const { server } of Object.values(lines)) {
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
  }
};

describe('one phone turn on both lines', () => {
  it('books the same estimate, names the call after it, and keeps listening', async () => {
    const same = await bothLines(
      ['Book an estimate for my driveway, this is Sam Lee, 9 Oak Street, Redway, tomorrow at 9', 'yes'],
      'listen',
    );
    expect(same.row).toMatchObject({ customer_name: 'Sam Lee', callback_requested: 0 });
    expect(same.booked).toEqual([
      expect.objectContaining({ customer_name: 'Sam Lee', scheduled_date: '2026-11-24', source: 'phone' }),
    ]);
  });

  it('puts a caller who asks for a person through to the forward number while the office is open', async () => {
    const same = await bothLines(['Can I talk to a real person please?'], 'put-through');
    expect(same.row).toMatchObject({ forwarded_to: FORWARD, callback_requested: 0 });
    expect(same.booked).toEqual([]);
  });

  it('outside office hours owes the caller a call back and takes a message instead', async () => {
    await closeTheOffice();
    const same = await bothLines(['Can I talk to a real person please?'], 'take-message');
    expect(same.row).toMatchObject({ forwarded_to: null, callback_requested: 1 });
  });

  it('an urgent caller is put through while the office is open; closed, owed an urgent call back with the reason', async () => {
    const open = await bothLines(['One of your workers cracked my window this morning.'], 'put-through');
    expect(open.row).toMatchObject({ forwarded_to: FORWARD, callback_requested: 0 });
    for (const { server } of Object.values(lines)) server.db.exec('DELETE FROM calls');
    await closeTheOffice();
    const closed = await bothLines(['One of your workers cracked my window this morning.'], 'take-message');
    expect(closed.row).toMatchObject({
      callback_requested: 1,
      callback_urgent: 1,
      callback_reason: 'Urgent: "One of your workers cracked my window this morning."',
    });
  });

  it('a caller who asks to leave a message records one even while the office is open', async () => {
    const same = await bothLines(['Can I leave a message for Mike?'], 'take-message');
    expect(same.row).toMatchObject({ forwarded_to: null, callback_requested: 1, callback_urgent: 0 });
  });

  it('a caller who wants to ask their wife first is neither put through nor owed a call back', async () => {
    const same = await bothLines(['I need to talk to my wife first.', 'Where are you located?'], 'listen');
    expect(same.row).toMatchObject({ forwarded_to: null, callback_requested: 0 });
  });

  it('a turn that fails apologises, promises a call back and hangs up', async () => {
    for (const { server } of Object.values(lines))
      server.db.exec('ALTER TABLE ai_responses RENAME TO ai_responses_away');
    try {
      const gather = await overGather(['Do you clean decks?']);
      const stream = await overStream(['Do you clean decks?'], 'hang-up');
      for (const { server } of Object.values(lines))
        server.db.exec('ALTER TABLE ai_responses_away RENAME TO ai_responses');
      expect(decisions('stream', stream)).toEqual(decisions('gather', gather));
      expect(decisions('gather', gather)).toMatchObject({
        next: 'hang-up',
        row: { callback_requested: 1 },
        turns: [],
      });
    } finally {
      for (const { server } of Object.values(lines))
        if (server.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'ai_responses_away'").get())
          server.db.exec('ALTER TABLE ai_responses_away RENAME TO ai_responses');
    }
  });
});
