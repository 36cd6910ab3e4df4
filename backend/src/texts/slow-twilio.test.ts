import { describe, expect, it } from 'vitest';
import { quoteSentSchema } from '@washdesk/contract';
import type { OutboxMessage } from '../outbox/outbox.repository.ts';
import { submitPhotoForm } from '../test/quote-fixtures.ts';
import { TEXTING_PUBLIC_URL, textingServerForTests } from '../test/texting-server.ts';
import { postAsTwilio } from '../test/twilio-signing.ts';

// Issue 31, item 2: at most once, really. A Twilio answer slower than the client waits is not a
// failure to retry (that sent the text twice): the send's outcome is unknown, and it is resolved by
// asking Twilio for the message before anything is sent again. All through real HTTP, the real
// twilio SDK against the fake Twilio, whose answer here takes 5 s while the client waits 1.5 s.

/** Friday 20 November 2026, 10:00 AM in California. */
const START = Date.parse('2026-11-20T18:00:00Z');
const CLIENT_TIMEOUT_MS = 1500;
const office = textingServerForTests({ start: START, twilioTimeoutMs: CLIENT_TIMEOUT_MS });

let numbers = 0;
/** A customer who texted the business, and a staff member's text to them queued on the outbox. */
async function staffTextTo(body: string) {
  const phone = `+1707555${String(4200 + ++numbers)}`;
  expect((await office.customerTexts(phone, 'Hi, are you open Saturday?')).status).toBe(200);
  const threads = (await (await office.server.get('/api/texts/threads')).json()) as {
    id: number;
    phone: string;
  }[];
  const thread = threads.find((t) => t.phone === phone)!;
  const queued = await office.server.send('POST', `/api/texts/threads/${thread.id}/messages`, { body });
  expect(queued.status).toBe(201);
  return { phone, row: () => rowTo(phone) };
}
const rowTo = (phone: string): OutboxMessage =>
  office.server.db
    .prepare("SELECT id FROM outbox_messages WHERE recipient = ? AND template = 'staff'")
    .all(phone)
    .map((r) => office.outbox.repository.byId((r as { id: number }).id)!)[0]!;

const reset = () => {
  office.twilio.answer = 'accept';
  office.twilio.answerDelayMs = 0;
  office.twilio.lookupDelayMs = 0;
};

describe('a text whose answer from Twilio is slow or lost', () => {
  it('is sent once when Twilio answers after 5 s: the text is found at Twilio, not sent again', async () => {
    reset();
    const t0 = office.now.ms;
    const { phone, row } = await staffTextTo('Your crew arrives at 9.');
    office.twilio.answerDelayMs = 5000;
    await office.at(t0 + 60_000);
    expect(office.textsTo(phone)).toEqual(['Your crew arrives at 9.']);
    const sid = office.twilio.texts.find((t) => t.to === phone)!.sid;
    expect(row()).toMatchObject({ state: 'sent', providerId: sid });

    // Later passes (and the late answer itself) change nothing.
    office.twilio.answerDelayMs = 0;
    await office.at(t0 + 60 * 60_000);
    await office.at(t0 + 6 * 60 * 60_000);
    expect(office.textsTo(phone)).toEqual(['Your crew arrives at 9.']);
    expect(row()).toMatchObject({ state: 'sent', providerId: sid });
  });

  it('is not sent again while Twilio cannot say whether it has it, and is recorded once it can', async () => {
    reset();
    const t0 = office.now.ms;
    const { phone, row } = await staffTextTo('We are running 10 minutes late.');
    office.twilio.answerDelayMs = 5000;
    office.twilio.lookupDelayMs = 5000;
    await office.at(t0 + 60_000);
    // Unknown: still being sent as far as the outbox knows, with the reason, and not retried.
    expect(row()).toMatchObject({
      state: 'sending',
      providerId: null,
      error: expect.stringMatching(/no answer/),
    });
    await office.at(t0 + 90_000);
    expect(office.textsTo(phone)).toEqual(['We are running 10 minutes late.']);

    // Twilio answers again: the next look finds the text it took, and records it; nothing is resent.
    reset();
    const lookups = office.twilio.lookups;
    await office.at(t0 + 5 * 60_000);
    expect(office.twilio.lookups).toBeGreaterThan(lookups);
    const sid = office.twilio.texts.find((t) => t.to === phone)!.sid;
    expect(row()).toMatchObject({ state: 'sent', providerId: sid });
    expect(office.textsTo(phone)).toEqual(['We are running 10 minutes late.']);
  });

  it('is sent again only once Twilio confirms it never got it (a connection reset before it took it)', async () => {
    reset();
    const t0 = office.now.ms;
    const { phone, row } = await staffTextTo('Please leave the side gate open.');
    office.twilio.answer = 'reset';
    await office.at(t0 + 60_000);
    expect(office.textsTo(phone)).toEqual([]);
    expect(row()).toMatchObject({ state: 'sending', providerId: null });

    office.twilio.answer = 'accept';
    await office.at(t0 + 5 * 60_000);
    expect(office.textsTo(phone)).toEqual(['Please leave the side gate open.']);
    expect(row()).toMatchObject({
      state: 'sent',
      providerId: office.twilio.texts.find((t) => t.to === phone)!.sid,
    });
    await office.at(t0 + 60 * 60_000);
    expect(office.textsTo(phone)).toEqual(['Please leave the side gate open.']);
  });

  it('"Send quote" with Twilio answering after 5 s: one text, reported as sent', async () => {
    reset();
    const submissionId = await submitPhotoForm(office.server.anonymous, {
      phone: '(707) 555-4299',
      email: '',
    });
    office.twilio.answerDelayMs = 5000;
    const sent = await office.server.send('POST', `/api/photo-submissions/${submissionId}/quotes`, {
      estimateAmount: '640',
    });
    expect(sent.status).toBe(201);
    const { quote } = quoteSentSchema.parse(await sent.json());
    expect(quote.deliveries.find((d) => d.channel === 'text')).toMatchObject({ outcome: 'sent' });
    expect(office.textsTo('+17075554299')).toHaveLength(1);
  });
});

describe("Twilio's delivery reports out of order", () => {
  const report = (messageSid: string, messageStatus: string, errorCode?: string) =>
    postAsTwilio({
      serverUrl: office.server.url,
      path: '/api/twilio/message-status',
      params: {
        AccountSid: office.twilio.accountSid,
        MessageSid: messageSid,
        MessageStatus: messageStatus,
        ...(errorCode ? { ErrorCode: errorCode } : {}),
      },
      authToken: office.twilio.authToken,
      signedBaseUrl: TEXTING_PUBLIC_URL,
    });

  it('move a text only forwards: queued < sending < sent < delivered, and delivered wins over a late failure', async () => {
    reset();
    const t0 = office.now.ms;
    const { phone, row } = await staffTextTo('See you Tuesday at 10.');
    await office.at(t0 + 60_000);
    const sid = office.twilio.texts.find((t) => t.to === phone)!.sid;
    const seen = async (status: string, errorCode?: string) => {
      expect((await report(sid, status, errorCode)).status).toBe(204);
      return row().deliveryStatus;
    };
    expect(await seen('sent')).toBe('sent');
    expect(await seen('delivered')).toBe('delivered');
    // Late reports, in the order Twilio may retry them.
    expect(await seen('sending')).toBe('delivered');
    expect(await seen('sent')).toBe('delivered');
    expect(await seen('undelivered', '30003')).toBe('delivered');
    expect(await seen('failed', '30008')).toBe('delivered');
    expect(await seen('queued')).toBe('delivered');
    expect(row().deliveryError).toBeNull();

    // A text that failed: a late "sent" does not make it look on its way again.
    const t1 = office.now.ms;
    const other = await staffTextTo('Your invoice is ready.');
    await office.at(t1 + 60_000);
    const failedSid = office.twilio.texts.find((t) => t.to === other.phone)!.sid;
    expect((await report(failedSid, 'undelivered', '30003')).status).toBe(204);
    expect((await report(failedSid, 'sent')).status).toBe(204);
    expect(other.row()).toMatchObject({ deliveryStatus: 'undelivered', deliveryError: 'Twilio error 30003' });
  });
});
