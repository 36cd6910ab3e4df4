import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { PHONE_ENV, phoneCaller } from '../test/phone-caller.ts';

// Twilio's status callbacks: retried when unanswered, and not always in order. Whatever arrives,
// Call Logs show one row per call in its latest state.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: PHONE_ENV });
});
afterAll(() => server.stop());
afterEach(() => {
  expect(server.errors).toEqual([]);
  server.db.exec('DELETE FROM ai_responses; DELETE FROM calls;');
});

/** The call as staff see it in Call Logs. */
async function logged(callSid: string) {
  const res = await server.get('/api/calls?limit=50');
  expect(res.status).toBe(200);
  return ((await res.json()) as { callSid: string }[]).filter((c) => c.callSid === callSid);
}

const expectNoContent = (res: Response) => {
  expect(res.status).toBe(204);
};

describe('POST /api/twilio/call-status', () => {
  it('ends a call: completed with its duration, and a summary of what was asked', async () => {
    const caller = phoneCaller(server.url);
    await caller.dial();
    await caller.say('Do you clean gutters?');
    expectNoContent(await caller.status('completed', { duration: 95 }));
    const [call] = await logged(caller.callSid);
    expect(call).toMatchObject({ status: 'completed', durationSeconds: 95, duration: '1:35' });
    // The summary is written after Twilio has its answer (issue 38): waited for, not assumed.
    await expect
      .poll(async () => ((await logged(caller.callSid))[0] as { summary?: string } | undefined)?.summary, {
        timeout: 10_000,
      })
      .toEqual(expect.stringContaining('gutters'));
  });

  it.each([
    ['busy', 'missed'],
    ['no-answer', 'missed'],
    ['failed', 'missed'],
    ['canceled', 'missed'],
    ['completed', 'completed'],
  ])('maps CallStatus %s to %s', async (twilioStatus, status) => {
    const caller = phoneCaller(server.url);
    expectNoContent(await caller.status(twilioStatus, { duration: 0 }));
    expect(await logged(caller.callSid)).toMatchObject([{ status }]);
  });

  it('is idempotent: the same callback twice leaves one row in the same state', async () => {
    const caller = phoneCaller(server.url);
    await caller.dial();
    expectNoContent(await caller.status('completed', { duration: 61, sequence: 3 }));
    expectNoContent(await caller.status('completed', { duration: 61, sequence: 3 }));
    expect(await logged(caller.callSid)).toMatchObject([{ status: 'completed', durationSeconds: 61 }]);
    expect(server.count('calls')).toBe(1);
  });

  it('ignores a callback older than the one applied (SequenceNumber), whatever order they arrive in', async () => {
    const caller = phoneCaller(server.url);
    // The final callback overtakes the earlier ones, and the call's row did not exist yet.
    expectNoContent(await caller.status('completed', { duration: 42, sequence: 3 }));
    expectNoContent(await caller.status('ringing', { sequence: 0 }));
    expectNoContent(await caller.status('in-progress', { sequence: 1 }));
    expect(await logged(caller.callSid)).toMatchObject([{ status: 'completed', durationSeconds: 42 }]);
    // A late incoming-call retry does not reopen it either.
    await caller.dial();
    expect(await logged(caller.callSid)).toMatchObject([{ status: 'completed' }]);
    expect(server.count('calls')).toBe(1);
  });

  it('never turns an ended call back to in progress, even without sequence numbers', async () => {
    const caller = phoneCaller(server.url);
    expectNoContent(await caller.status('no-answer'));
    expectNoContent(await caller.status('in-progress'));
    expect(await logged(caller.callSid)).toMatchObject([{ status: 'missed' }]);
  });

  it('lets a newer callback win over an older ended one', async () => {
    const caller = phoneCaller(server.url);
    expectNoContent(await caller.status('in-progress', { sequence: 1 }));
    expectNoContent(await caller.status('completed', { duration: 12, sequence: 2 }));
    expect(await logged(caller.callSid)).toMatchObject([{ status: 'completed', durationSeconds: 12 }]);
  });

  it('refuses a callback with an unknown CallStatus and writes nothing', async () => {
    const caller = phoneCaller(server.url);
    const res = await caller.status('exploded');
    expect(res.status).toBe(400);
    expect(server.count('calls')).toBe(0);
  });
});
