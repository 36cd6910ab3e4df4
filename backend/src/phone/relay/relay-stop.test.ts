import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { SimulatedRelayCall } from '../../phone-simulator/simulated-relay-call.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { TEST_TWILIO } from '../../test/phone-caller.ts';
import { startTwilioLine } from '../../test/twilio-line.ts';
import type { FakeTwilio } from '../../test/fake-twilio.ts';
import type { TestServer } from '../../test/test-server.ts';

// Issue 31, item 5: a streamed call's queued replies ran on after its socket closed, and a normal
// stop then waited over 90 s. Here the model (the fake OpenAI, through the real SDK) says one
// sentence and then hangs, the caller has two more prompts queued, and the clock stands still, so
// the turn budget never runs out: only the socket's closing can end the turn.
// Monday 23 November 2026, 9:30 AM in California.
const NOW = Date.parse('2026-11-23T17:30:00Z');
const SAID = 'Thanks for calling.';
/** Far above what the stop takes (milliseconds): it only turns a hang into a failure. */
const HANG_GUARD_MS = 10_000;

let openai: FakeOpenAi;
let fake: FakeTwilio;
let server: TestServer;
beforeAll(async () => {
  openai = await startFakeOpenAi();
  openai.setScenario({ chunks: [`${SAID} `, 'We can also '], thenHang: true });
  ({ fake, server } = await startTwilioLine({
    env: { PHONE_VOICE_MODE: 'stream', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.url },
    clock: () => NOW,
  }));
});
afterAll(async () => {
  // The test stops the server itself; its folder and the fakes go here.
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  await fake.close();
  await openai.close();
});

const caller = () =>
  new SimulatedRelayCall({
    serverUrl: server.url,
    publicBaseUrl: TEST_TWILIO.publicBaseUrl,
    authToken: TEST_TWILIO.authToken,
    from: '+17075550123',
  });
const turnsOf = (sid: string) =>
  server.db
    .prepare(
      'SELECT customer_message, ai_response FROM ai_responses WHERE call_id = (SELECT id FROM calls WHERE call_sid = ?) ORDER BY id',
    )
    .all(sid);
/** Resolves once `ready()` holds, or fails past the hang guard. */
async function until(ready: () => boolean) {
  const giveUp = Date.now() + HANG_GUARD_MS;
  while (!ready()) {
    if (Date.now() > giveUp) throw new Error('the state never came');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a streamed call when its socket closes mid-turn', () => {
  it('when the caller hangs up: the turn under way ends, the queued prompts are dropped', async () => {
    const call = caller();
    await call.connect(await call.ring());
    const asked = openai.requests.length;
    call.prompt('Do you wash roofs?');
    call.prompt('And gutters?');
    const first = (await call.next((m) => m.type === 'text')) as { token: string };
    expect(first.token).toBe(SAID);
    call.hangUp();
    // The turn is stored as soon as the model's request is cut (the clock stands still: no budget ends it).
    await until(() => turnsOf(call.callSid).length > 0);
    expect(turnsOf(call.callSid)).toEqual([{ customer_message: 'Do you wash roofs?', ai_response: SAID }]);
    expect(openai.requests.length - asked).toBe(1);
    // Nobody was promised a call back the caller never heard about.
    expect(
      server.db.prepare('SELECT callback_requested FROM calls WHERE call_sid = ?').pluck().get(call.callSid),
    ).toBe(0);
    expect(server.errors).toEqual([]);
  });

  it('drops the queued prompts, stores only what went out, and lets the server stop at once', async () => {
    const call = caller();
    await call.connect(await call.ring());
    const asked = openai.requests.length;
    call.prompt('Do you wash roofs?');
    call.prompt('And gutters?');
    call.prompt('What about decks?');
    // The first sentence went out; the model is now hanging in the middle of the reply.
    const first = (await call.next((m) => m.type === 'text')) as { token: string };
    expect(first.token).toBe(SAID);
    expect(openai.requests.length - asked).toBe(1);

    // A normal stop (SIGTERM runs this): the relay closes the socket under the turn.
    const stopped = await Promise.race([
      server.close().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(resolve, HANG_GUARD_MS, 'still stopping')),
    ]);
    expect(stopped).toBe('stopped');
    await call.socketClosed();

    // The queued prompts never reached the model, and nothing more reached the caller.
    expect(openai.requests.length - asked).toBe(1);
    expect(call.received).toEqual([{ type: 'text', token: SAID, last: false }]);
    expect(server.errors).toEqual([]);

    // The AI response log, read as the next start will: the caller heard the one sentence that
    // went out, and the queued prompts left no row.
    const db = openDatabase(server.config.databaseFile, server.config.migrationsDir);
    try {
      expect(
        db
          .prepare(
            'SELECT customer_message, ai_response FROM ai_responses WHERE call_id = (SELECT id FROM calls WHERE call_sid = ?) ORDER BY id',
          )
          .all(call.callSid),
      ).toEqual([{ customer_message: 'Do you wash roofs?', ai_response: SAID }]);
    } finally {
      db.close();
    }
  });
});
