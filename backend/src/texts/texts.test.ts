import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeTwilio } from '../test/fake-twilio.ts';
import type { TestServer } from '../test/test-server.ts';
import { startTextingServer, TEXTING_PUBLIC_URL, type TextingServer } from '../test/texting-server.ts';
import { postAsTwilio } from '../test/twilio-signing.ts';
import type { Outbox } from '../outbox/outbox.ts';

// Texts end to end: a customer texts the business number (signed webhook), staff answer from the
// Texts screen's API, the outbox sends through the twilio SDK to a fake Twilio, and Twilio's
// status callbacks show on each message. STOP / START / HELP, and automatic texts only to numbers
// that reached the business themselves.

/** Tuesday 24 November 2026, 10:00 AM in California: outside quiet hours. */
const NOW = new Date('2026-11-24T18:00:00Z');
let office: TextingServer;
let server: TestServer;
let twilio: FakeTwilio;
let outbox: Outbox;
beforeAll(async () => {
  // The outbox's own timer sends what staff queue, as in production.
  office = await startTextingServer({ start: NOW.getTime(), ownTimer: true });
  ({ server, twilio, outbox } = office);
});
afterAll(() => office.stop());
afterEach(() => expect(server.errors).toEqual([]));

const customerTexts = (from: string, body: string) => office.customerTexts(from, body);
const status = (messageSid: string, messageStatus: string, errorCode?: string) =>
  postAsTwilio({
    serverUrl: server.url,
    path: '/api/twilio/message-status',
    params: {
      AccountSid: twilio.accountSid,
      MessageSid: messageSid,
      MessageStatus: messageStatus,
      ...(errorCode ? { ErrorCode: errorCode } : {}),
    },
    authToken: twilio.authToken,
    signedBaseUrl: TEXTING_PUBLIC_URL,
  });
const threadOf = (phone: string) => office.threadOf(phone);
const textsTo = (phone: string) => office.textsTo(phone);

describe('texts with a customer', () => {
  it('staff answer a text; the outbox sends it and Twilio’s status reports show on the message, latest state winning', async () => {
    expect((await customerTexts('+17075550201', 'Hi, can I get a quote for my roof?')).status).toBe(200);
    const { thread } = await threadOf('+17075550201');
    const res = await server.send('POST', `/api/texts/threads/${thread.id}/messages`, {
      body: 'Sure! Reply with a photo of the roof.',
    });
    expect(res.status).toBe(201);
    await expect.poll(() => textsTo('+17075550201')).toEqual(['Sure! Reply with a photo of the roof.']);
    const sid = twilio.texts.find((t) => t.to === '+17075550201')!.sid;
    expect(twilio.statusCallbacks[sid]).toBe(`${TEXTING_PUBLIC_URL}/api/twilio/message-status`);
    await expect.poll(async () => (await threadOf('+17075550201')).messages.at(-1).state).toBe('queued');

    expect((await status(sid, 'delivered')).status).toBe(204);
    expect((await status(sid, 'sent')).status).toBe(204);
    const { messages } = await threadOf('+17075550201');
    expect(
      messages.map((m: { sender: string; state: string; body: string }) => [m.sender, m.state, m.body]),
    ).toEqual([
      ['customer', 'received', 'Hi, can I get a quote for my roof?'],
      ['staff', 'delivered', 'Sure! Reply with a photo of the roof.'],
    ]);
    expect(messages[1].staffName).toBe('test-owner');

    // A failure is shown with Twilio's error code.
    await server.send('POST', `/api/texts/threads/${thread.id}/messages`, { body: 'Are you there?' });
    await expect.poll(() => textsTo('+17075550201').length).toBe(2);
    await status(twilio.texts.at(-1)!.sid, 'undelivered', '30003');
    await expect
      .poll(async () => (await threadOf('+17075550201')).messages.at(-1))
      .toMatchObject({ state: 'undelivered', problem: 'Twilio error 30003' });
  });

  it('a blank staff text is refused with a message', async () => {
    await customerTexts('+17075550202', 'hello');
    const { thread } = await threadOf('+17075550202');
    const res = await server.send('POST', `/api/texts/threads/${thread.id}/messages`, { body: '   ' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields.body).toBe('Type a message first');
  });

  it('STOP stops every text to the number at once, START resumes, HELP names the business and its phone', async () => {
    const phone = '+17075550203';
    await customerTexts(phone, 'Do you do decks?');
    const { thread } = await threadOf(phone);
    // An automatic text queued before the STOP, due later.
    const later = new Date(NOW.getTime() + 60 * 60_000);
    const queued = outbox.queue({
      idempotencyKey: 'test:follow-up:203',
      channel: 'text',
      recipient: phone,
      template: 'quote-follow-up',
      body: 'Lost Coast Soft Wash: any questions about your quote?',
      dueAt: later,
    }).message;

    for (const word of ['Stop', 'PARAR', 'baja.']) {
      await customerTexts(phone, word);
      expect((await threadOf(phone)).thread.optedOut, word).toBe(true);
      await customerTexts(phone, 'START');
      expect((await threadOf(phone)).thread.optedOut).toBe(false);
    }
    await customerTexts(phone, 'STOP');
    const refused = await server.send('POST', `/api/texts/threads/${thread.id}/messages`, {
      body: 'Still there?',
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toContain('replied STOP');

    // This number said PARAR and BAJA: its customer reads Spanish now, HELP included (issue 37;
    // an English customer's HELP answer is in customer-language.test.ts).
    await customerTexts(phone, 'HELP');
    await expect
      .poll(() => textsTo(phone))
      .toEqual([
        'Lost Coast Soft Wash: para ayuda llame al (707) 555-0142 o responda a este mensaje. Responda PARAR para no recibir más mensajes, START para volver a recibirlos.',
      ]);

    // The queued follow-up's time comes: it is cancelled, not sent.
    expect(outbox.repository.byId(queued.id)).toMatchObject({ state: 'pending' });
    try {
      await office.at(later.getTime());
    } finally {
      office.now.ms = NOW.getTime();
    }
    expect(outbox.repository.byId(queued.id)).toMatchObject({
      state: 'cancelled',
      error: 'The customer replied STOP',
    });
    expect(textsTo(phone)).toHaveLength(1);
  });

  it('an automatic text goes only to a number that called or texted the business', async () => {
    const stranger = outbox.queue({
      idempotencyKey: 'test:stranger',
      channel: 'text',
      recipient: '+17075550299',
      template: 'test-automatic',
      body: 'Lost Coast Soft Wash: how did we do?',
      dueAt: NOW,
    }).message;
    await customerTexts('+17075550204', 'Thanks for the wash!');
    const known = outbox.queue({
      idempotencyKey: 'test:known',
      channel: 'text',
      recipient: '+17075550204',
      template: 'test-automatic',
      body: 'Lost Coast Soft Wash: how did we do?',
      dueAt: NOW,
    }).message;
    await expect.poll(() => outbox.repository.byId(known.id)?.state).toBe('sent');
    await expect.poll(() => outbox.repository.byId(stranger.id)?.state).toBe('cancelled');
    expect(outbox.repository.byId(stranger.id)?.error).toBe(
      'This number never called or texted the business, nor agreed to texts on a form',
    );
    expect(textsTo('+17075550299')).toEqual([]);
  });
});
