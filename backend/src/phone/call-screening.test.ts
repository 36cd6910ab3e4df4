import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_ENV, phoneCaller, TEST_TWILIO } from '../test/phone-caller.ts';
import { postAsTwilio } from '../test/twilio-signing.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { spoken, verbNames } from '../test/twiml.ts';
import { screeningOf } from './call-screening.ts';

// Issue 24 item 7: a caller id the carrier's SHAKEN/STIR check failed, or a number staff blocked,
// hears one short sentence and the line hangs up: no assistant turn, no "New call" alert.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: PHONE_ENV, clock: () => Date.parse('2026-11-23T17:30:00Z') });
});
afterAll(() => server.stop());
afterEach(() => {
  expect(server.errors).toEqual([]);
  server.db.exec(
    'DELETE FROM ai_responses; DELETE FROM calls; DELETE FROM blocked_numbers; DELETE FROM events;',
  );
});

/** Twilio's incoming-call webhook, with StirVerstat when the call carried a signed identity. */
function incoming(from: string, verstat?: string) {
  const caller = phoneCaller(server.url, from);
  const res = postAsTwilio({
    serverUrl: server.url,
    path: '/api/twilio/incoming-call',
    params: {
      AccountSid: TEST_TWILIO.accountSid,
      CallSid: caller.callSid,
      CallStatus: 'ringing',
      Direction: 'inbound',
      From: from,
      To: TEST_TWILIO.phoneNumber,
      ...(verstat === undefined ? {} : { StirVerstat: verstat }),
    },
    authToken: TEST_TWILIO.authToken,
    signedBaseUrl: TEST_TWILIO.publicBaseUrl,
  });
  return { caller, res };
}
const callRow = (sid: string) =>
  server.db.prepare('SELECT * FROM calls WHERE call_sid = ?').get(sid) as Record<string, unknown>;
const eventTypes = () =>
  (server.db.prepare('SELECT type FROM events').all() as { type: string }[]).map((e) => e.type);

describe('Twilio StirVerstat', () => {
  it.each([
    'TN-Validation-Failed',
    'TN-Validation-Failed-A',
    'TN-Validation-Failed-B',
    'TN-Validation-Failed-C',
    'TN-Validation-Failed-B-Diverted',
  ])('%s: a short message and <Hangup/>, no assistant turn, no alert', async (verstat) => {
    const { caller, res } = incoming('+17075550150', verstat);
    const twiml = await caller.twiml(await res);
    expect(verbNames(twiml)).toEqual(['Say', 'Hangup']);
    expect(spoken(twiml)).toEqual(['Sorry, this line cannot take your call. Goodbye.']);
    expect(callRow(caller.callSid)).toMatchObject({ screened: 'unverified', stir_verstat: verstat });
    expect(server.count('ai_responses')).toBe(0);
    expect(eventTypes()).not.toContain('call.created');
  });

  it.each([['TN-Validation-Passed-A'], ['TN-Validation-Passed-C'], ['No-TN-Validation'], [undefined]])(
    '%s: greeted by the assistant as any caller',
    async (verstat) => {
      const { caller, res } = incoming('+17075550151', verstat);
      const twiml = await caller.twiml(await res);
      expect(verbNames(twiml)).toEqual(['Gather', 'Redirect']);
      expect(callRow(caller.callSid).screened).toBeNull();
      expect(eventTypes()).toContain('call.created');
    },
  );

  it('is read exactly: a value that merely mentions a failure is not one', () => {
    expect(screeningOf({ verstat: 'TN-Validation-Failed-D', blocked: false })).toBeNull();
    expect(screeningOf({ verstat: 'No-TN-Validation', blocked: false })).toBeNull();
    expect(screeningOf({ verstat: 'TN-Validation-Passed-A', blocked: true })).toBe('blocked');
  });
});

describe('numbers staff block in Call Logs', () => {
  it('are one number however typed: blocked, the caller is screened; unblocked, greeted again', async () => {
    const first = incoming('+17075550160');
    await first.caller.twiml(await first.res);
    const blocked = await server.send('POST', '/api/blocked-numbers', { phoneNumber: '(707) 555-0160' });
    expect(blocked.status).toBe(201);
    expect(await blocked.json()).toMatchObject({ digits: '7075550160', phoneNumber: '(707) 555-0160' });
    // Blocking again changes nothing.
    expect(
      (await server.send('POST', '/api/blocked-numbers', { phoneNumber: '+1 707 555 0160' })).status,
    ).toBe(200);
    expect(await (await server.get('/api/blocked-numbers')).json()).toHaveLength(1);

    // Call Logs say so on every call from that number.
    const calls = (await (await server.get('/api/calls?limit=50')).json()) as {
      callSid: string;
      numberBlocked: boolean;
    }[];
    expect(calls.find((c) => c.callSid === first.caller.callSid)?.numberBlocked).toBe(true);

    const again = incoming('+17075550160', 'TN-Validation-Passed-A');
    const twiml = await again.caller.twiml(await again.res);
    expect(verbNames(twiml)).toEqual(['Say', 'Hangup']);
    expect(callRow(again.caller.callSid).screened).toBe('blocked');
    expect(server.count('ai_responses')).toBe(0);

    expect((await server.send('DELETE', '/api/blocked-numbers/7075550160')).status).toBe(204);
    const later = incoming('+17075550160');
    expect(verbNames(await later.caller.twiml(await later.res))).toEqual(['Gather', 'Redirect']);
    expect((await server.send('DELETE', '/api/blocked-numbers/7075550160')).status).toBe(404);
  });

  it('refuses what is not a phone number with its message, and writes nothing', async () => {
    const res = await server.send('POST', '/api/blocked-numbers', { phoneNumber: 'anonymous' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { fields: { phoneNumber: 'Valid phone number required' } },
    });
    expect(server.count('blocked_numbers')).toBe(0);
    expect((await server.send('DELETE', '/api/blocked-numbers/12')).status).toBe(404);
  });

  it('are managed by staff only', async () => {
    expect((await server.anonymous.get('/api/blocked-numbers')).status).toBe(401);
    expect(
      (await server.anonymous.send('POST', '/api/blocked-numbers', { phoneNumber: '7075550199' })).status,
    ).toBe(401);
    expect(server.count('blocked_numbers')).toBe(0);
  });
});
