import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aiResponseSchema, callSchema } from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { PHONE_ENV, TEST_TWILIO } from '../test/phone-caller.ts';
import { saveAiSettings } from '../test/ai-settings.ts';
import { SimulatedCall, WebhookRefused } from './simulated-call.ts';

// `npm run call`'s engine against the real server: signed webhooks over HTTP, the real assistant,
// and what staff then find in Call Logs. Monday 23 November 2026, 9:30 AM in California.
const NOW = Date.parse('2026-11-23T17:30:00Z');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: PHONE_ENV, clock: () => NOW });
  await saveAiSettings(server);
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

/** A caller's clock that moves 5 seconds each time the simulator looks at it. */
const callersClock = () => {
  let now = NOW;
  return () => (now += 5000);
};
const dial = (options: { authToken?: string; publicBaseUrl?: string; from?: string } = {}) =>
  SimulatedCall.place({
    serverUrl: server.url,
    publicBaseUrl: options.publicBaseUrl ?? TEST_TWILIO.publicBaseUrl,
    authToken: options.authToken ?? TEST_TWILIO.authToken,
    from: options.from,
    clock: callersClock(),
  });

/** The call as staff see it in Call Logs, found by its CallSid. */
async function loggedCall(callSid: string) {
  const res = await server.get('/api/calls?limit=200');
  const call = callSchema
    .array()
    .parse(await res.json())
    .find((c) => c.callSid === callSid);
  expect(call, `call ${callSid} is in Call Logs`).toBeDefined();
  return call!;
}

describe('a simulated call', () => {
  it('books a free estimate and lands in Call Logs, completed, with its length, turns and appointment', async () => {
    const { call, turn } = await dial({ from: '+17075550142' });
    expect(turn.ended).toBeNull();
    expect(turn.said).toEqual([
      'Thank you for calling Lost Coast Soft Wash (demo). This is the virtual assistant. How may I help you?',
    ]);

    const readBack = await call.say(
      "Hi, this is Dana Whitfield, I'd like a free estimate for a house wash at 512 Redwood Drive, Garberville next Tuesday at 10 AM",
    );
    expect(readBack.said.join(' ')).toContain('on Tuesday, December 1 at 10:00 AM, for Dana Whitfield');
    const booked = await call.say('yes');
    expect(booked.said.join(' ')).toContain(
      'Your free estimate is booked for Tuesday, December 1 at 10:00 AM.',
    );
    const bye = await call.say("No thanks, that's all. Bye");
    expect(bye.ended).toEqual({ by: 'assistant' });

    const logged = await loggedCall(call.callSid);
    // Placed at the clock's first reading, over at its second: one step of 5 seconds.
    expect(logged).toMatchObject({
      status: 'completed',
      phoneNumber: '+17075550142',
      customerName: 'Dana Whitfield',
      durationSeconds: 5,
      duration: '0:05',
      callbackRequested: false,
    });
    expect(logged.summary).toMatch(/\S/);
    const appointment = await (await server.get(`/api/appointments/${logged.appointmentId}`)).json();
    expect(appointment).toMatchObject({
      customerName: 'Dana Whitfield',
      address: expect.stringContaining('512 Redwood Drive'),
      serviceType: 'house-wash',
      scheduledDate: '2026-12-01',
      preferredTime: '10:00 AM',
      source: 'phone',
      callId: logged.id,
    });
    const turns = aiResponseSchema
      .array()
      .parse(await (await server.get(`/api/ai-responses?callId=${logged.id}`)).json());
    expect(turns.map((t) => t.customerMessage).reverse()).toEqual([
      "Hi, this is Dana Whitfield, I'd like a free estimate for a house wash at 512 Redwood Drive, Garberville next Tuesday at 10 AM",
      'yes',
      "No thanks, that's all. Bye",
    ]);
  });

  it('is completed when the caller hangs up, and books nothing', async () => {
    const appointments = server.count('appointments');
    const { call } = await dial();
    await call.say('Do you clean roofs?');
    expect(await call.hangUp()).toEqual({ said: [], ended: { by: 'caller' } });
    expect(await loggedCall(call.callSid)).toMatchObject({
      status: 'completed',
      phoneNumber: '+17075550123',
      durationSeconds: 5,
      appointmentId: null,
    });
    expect(server.count('appointments')).toBe(appointments);
  });

  it('hears a re-prompt on silence, then a goodbye', async () => {
    const { call } = await dial();
    const again = await call.say('');
    expect(again).toEqual({ said: ["Sorry, I didn't catch that. Could you say that again?"], ended: null });
    const over = await call.say('');
    expect(over.said[0]).toBe("Sorry, I still can't hear anything, so I'll end the call here.");
    expect(over.ended).toEqual({ by: 'assistant' });
    expect((await loggedCall(call.callSid)).status).toBe('completed');
  });

  it('is refused with a reason when the token or the public address differs from the server’s', async () => {
    const calls = server.count('calls');
    for (const wrong of [{ authToken: 'not-the-token' }, { publicBaseUrl: 'http://localhost:3000' }]) {
      const refused = await dial(wrong).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(WebhookRefused);
      expect((refused as WebhookRefused).status).toBe(403);
      expect((refused as WebhookRefused).hint).toBe(
        'the server refused the signature: check TWILIO_AUTH_TOKEN and PUBLIC_BASE_URL',
      );
    }
    expect(server.count('calls')).toBe(calls);
  });
});

describe('a server without TWILIO_AUTH_TOKEN', () => {
  it('refuses the call with 503, and the simulator says why', async () => {
    const bare = await startTestServer();
    try {
      const refused = await SimulatedCall.place({
        serverUrl: bare.url,
        publicBaseUrl: bare.url,
        authToken: 'some-local-secret',
      }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(WebhookRefused);
      expect((refused as WebhookRefused).status).toBe(503);
      expect((refused as WebhookRefused).hint).toBe('the server has no TWILIO_AUTH_TOKEN');
      expect(bare.count('calls')).toBe(0);
    } finally {
      await bare.stop();
    }
  });
});
