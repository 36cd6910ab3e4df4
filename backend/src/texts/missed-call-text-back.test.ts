import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeTwilio } from '../test/fake-twilio.ts';
import { phoneCaller } from '../test/phone-caller.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { startTextingServer, TEXTING_PUBLIC_URL, type TextingServer } from '../test/texting-server.ts';
import type { Outbox } from '../outbox/outbox.ts';

// Missed-call text-back: Twilio's signed call webhooks end a call missed or abandoned, and the
// caller gets one text with the photo-quote link (through the outbox, the twilio SDK and a fake
// Twilio), never two on one business day; a caller promised a call back was not missed.

/** Tuesday 24 November 2026, 10:00 AM in California. */
const MORNING = Date.parse('2026-11-24T18:00:00Z');
const LINK_TEXT =
  "Lost Coast Soft Wash: sorry we missed your call! Send us a few photos for a quick quote: https://washdesk.example.com/photo-quote-tool or reply here and we'll get back to you.";
let office: TextingServer;
let server: TestServer;
let twilio: FakeTwilio;
let outbox: Outbox;
beforeAll(async () => {
  // The outbox's own timer sends the text-back, as in production.
  office = await startTextingServer({ start: MORNING, ownTimer: true });
  ({ server, twilio, outbox } = office);
});
afterAll(() => office.stop());
afterEach(() => expect(server.errors).toEqual([]));

const caller = (from: string) =>
  phoneCaller(server.url, from, { authToken: twilio.authToken, publicBaseUrl: TEXTING_PUBLIC_URL });
const textsTo = (phone: string) => office.textsTo(phone);
/** Every queued text has been through a pass: what the outbox holds for a number, settled. */
const settled = async () => {
  await outbox.scheduler.pass();
};

describe('missed-call text-back', () => {
  it('texts a missed caller the photo-quote link once, however often they miss us that day', async () => {
    const phone = '+17075550301';
    await caller(phone).status('no-answer', { sequence: 1 });
    await expect.poll(() => textsTo(phone)).toEqual([LINK_TEXT]);
    await caller(phone).status('busy', { sequence: 1 });
    await settled();
    expect(textsTo(phone)).toHaveLength(1);
    // The next business day, a missed call earns a text again.
    office.now.ms = MORNING + 86_400_000;
    try {
      await caller(phone).status('no-answer', { sequence: 1 });
      await expect.poll(() => textsTo(phone)).toHaveLength(2);
    } finally {
      office.now.ms = MORNING;
    }
  });

  it('does not text "sorry we missed your call" to a caller the assistant promised a call back', async () => {
    const wantsPerson = caller('+17075550302');
    await wantsPerson.dial();
    const promised = await wantsPerson.twiml(await wantsPerson.say('Can I talk to a real person please'));
    expect(JSON.stringify(promised)).toMatch(/call you back/i);
    // The call ends (Twilio may report it any way), then the message left arrives.
    await wantsPerson.status('completed', { duration: 35, sequence: 3 });
    await wantsPerson.status('no-answer', { sequence: 4 });
    await settled();
    expect(textsTo('+17075550302')).toEqual([]);
    expect(outbox.repository.hasSince('+17075550302', 'missed-call', new Date(0))).toBe(false);
  });

  it('texts a caller who hung up before saying anything', async () => {
    const hungUp = caller('+17075550303');
    await hungUp.dial();
    await hungUp.status('completed', { duration: 4, sequence: 2 });
    await expect.poll(() => textsTo('+17075550303')).toEqual([LINK_TEXT]);
  });

  it('does not text a caller the assistant talked with, nor anyone once the setting is off', async () => {
    const talked = caller('+17075550304');
    await talked.dial();
    await talked.say('What areas do you serve?');
    await talked.status('completed', { duration: 40, sequence: 3 });

    const off = await server.send('PUT', '/api/texts/settings', { missedCallTextBack: false });
    expect(off.status).toBe(200);
    try {
      await caller('+17075550305').status('no-answer', { sequence: 1 });
      await settled();
      expect(textsTo('+17075550304')).toEqual([]);
      expect(textsTo('+17075550305')).toEqual([]);
      expect(outbox.repository.hasSince('+17075550305', 'missed-call', new Date(0))).toBe(false);
    } finally {
      await server.send('PUT', '/api/texts/settings', { missedCallTextBack: true });
    }
  });

  it('does not text a number turned away as blocked, though its call ends like a hang-up', async () => {
    const phone = '+17075550306';
    expect((await server.send('POST', '/api/blocked-numbers', { phoneNumber: phone })).status).toBe(201);
    try {
      const blocked = caller(phone);
      await blocked.dial();
      await blocked.status('completed', { duration: 3, sequence: 2 });
      await settled();
      expect(textsTo(phone)).toEqual([]);
      expect(outbox.repository.hasSince(phone, 'missed-call', new Date(0))).toBe(false);
    } finally {
      await server.send('DELETE', '/api/blocked-numbers/7075550306');
    }
  });

  it('waits for the morning when the call is missed at night', async () => {
    // 11:30 PM in California.
    office.now.ms = Date.parse('2026-11-25T07:30:00Z');
    try {
      await caller('+17075550306').status('no-answer', { sequence: 1 });
      await settled();
      expect(textsTo('+17075550306')).toEqual([]);
      office.now.ms = Date.parse('2026-11-25T16:00:00Z'); // 8:00 AM
      await settled();
      expect(textsTo('+17075550306')).toEqual([LINK_TEXT]);
    } finally {
      office.now.ms = MORNING;
    }
  });
});

describe('missed-call text-back without Twilio', () => {
  it('the Texts status says texting is not configured, and nothing is queued', async () => {
    const bare = await startTestServer({
      env: { PUBLIC_BASE_URL: TEXTING_PUBLIC_URL },
      clock: () => MORNING,
    });
    try {
      expect(await (await bare.get('/api/texts/status')).json()).toEqual({
        configured: false,
        problem: 'Text messages are not configured (Twilio)',
      });
      expect(bare.count('outbox_messages')).toBe(0);
    } finally {
      await bare.stop();
    }
  });
});
