import { DEFAULT_AI_SETTINGS } from '@washdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addFaq } from '../test/assistant-rig.ts';
import { textingServerForTests } from '../test/texting-server.ts';

// The assistant answering texts through the real server: a signed text from Twilio, the same
// assistant core as Messenger (channel 'text', its memory and log rows on the text thread), the
// reply queued on the outbox and sent through the twilio SDK to a fake Twilio. Off unless
// Settings turn it on; quiet when staff took the thread over or the number said STOP; a direct
// answer goes at night too.

/** Tuesday 24 November 2026, 10:00 AM in California. */
const MORNING = Date.parse('2026-11-24T18:00:00Z');
/** The same day, 11:00 PM: quiet hours for anything automatic. */
const NIGHT = Date.parse('2026-11-25T07:00:00Z');
const office = textingServerForTests({ start: MORNING });
beforeAll(
  () =>
    void addFaq(office.server, 'Do you clean roofs?', 'Yes, we soft-wash roofs of every kind.', 'Services'),
);

const autoReply = async (on: boolean) => {
  const res = await office.server.send('PUT', '/api/settings/ai', {
    ...DEFAULT_AI_SETTINGS,
    textAutoReply: on,
  });
  expect(res.status).toBe(200);
};
/** A customer's text, the assistant's work after the webhook, and one outbox pass at `at`. */
const customerTexts = async (from: string, body: string, at = office.now.ms) => {
  office.now.ms = at;
  expect((await office.customerTexts(from, body)).status).toBe(200);
  await office.server.settled();
  await office.at(at);
};
const threadOf = (
  phone: string,
): Promise<{ thread: { id: number }; messages: { sender: string; body: string; state: string }[] }> =>
  office.threadOf(phone);

describe('the assistant on texts', () => {
  it('stays quiet while Settings leave text auto-reply off (the default)', async () => {
    expect(
      ((await (await office.server.send('GET', '/api/settings/ai')).json()) as { textAutoReply: boolean })
        .textAutoReply,
    ).toBe(false);
    await customerTexts('+17075550701', 'Do you clean roofs?');
    expect(office.textsTo('+17075550701')).toEqual([]);
  });

  it('answers from the FAQ through the outbox, logged for channel text on the thread, even at night', async () => {
    await autoReply(true);
    const phone = '+17075550702';
    await customerTexts(phone, 'Do you clean roofs?');
    const [reply] = office.textsTo(phone);
    expect(reply).toMatch(/^Lost Coast Soft Wash: .*Yes, we soft-wash roofs of every kind\./);
    const { thread, messages } = await threadOf(phone);
    expect(messages.map((m) => [m.sender, m.state])).toEqual([
      ['customer', 'received'],
      ['assistant', 'queued'],
    ]);
    const log = office.server.db
      .prepare('SELECT channel, text_thread_id, customer_message FROM ai_responses ORDER BY id DESC LIMIT 1')
      .get();
    expect(log).toEqual({
      channel: 'text',
      text_thread_id: thread.id,
      customer_message: 'Do you clean roofs?',
    });
    // The turn's memory is kept per thread.
    const memory = office.server.db
      .prepare('SELECT channel FROM assistant_conversations WHERE text_thread_id = ?')
      .get(thread.id);
    expect(memory).toEqual({ channel: 'text' });

    // 11 PM: quiet hours hold automatic texts, not an answer to the customer's own text.
    await customerTexts(phone, 'Do you clean roofs?', NIGHT);
    expect(office.textsTo(phone)).toHaveLength(2);
  });

  it('stays quiet once staff take the thread over, and answers again when they hand it back', async () => {
    const phone = '+17075550703';
    await customerTexts(phone, 'Hello', MORNING + 3_600_000);
    const answered = office.textsTo(phone).length;
    expect(answered).toBe(1);
    const { thread } = await threadOf(phone);
    expect(
      (await office.server.send('POST', `/api/texts/threads/${thread.id}/take-over`, { on: true })).status,
    ).toBe(200);
    await customerTexts(phone, 'Do you clean roofs?');
    expect(office.textsTo(phone)).toHaveLength(answered);
    expect(
      (await office.server.send('POST', `/api/texts/threads/${thread.id}/take-over`, { on: false })).status,
    ).toBe(200);
    await customerTexts(phone, 'Do you clean roofs?');
    expect(office.textsTo(phone)).toHaveLength(answered + 1);
  });

  it('never answers a number that said STOP', async () => {
    const phone = '+17075550704';
    await customerTexts(phone, 'STOP');
    await customerTexts(phone, 'Do you clean roofs?');
    expect(office.textsTo(phone)).toEqual([]);
    const { messages } = await threadOf(phone);
    expect(messages.map((m) => m.sender)).toEqual(['customer', 'customer']);
  });

  it('books a free estimate across two texts, remembering the first, and says it came by text', async () => {
    const phone = '+17075550705';
    await customerTexts(
      phone,
      'This is Ann Bell, book a house wash estimate at 7 Pine Lane, Miranda next Tuesday at 10',
      MORNING + 2 * 3_600_000,
    );
    expect(office.textsTo(phone)[0]).toContain('on Tuesday, December 1 at 10:00 AM');
    await customerTexts(phone, 'yes');
    await office.outbox.scheduler.pass();
    // The assistant's answer and the booking's confirmation, the one with the visit's link (reminders/).
    expect(office.textsTo(phone)).toHaveLength(3);
    expect(office.textsTo(phone).filter((t) => t.includes('/visit/'))).toEqual([
      expect.stringContaining('your free estimate is booked for Tuesday, December 1 at 10:00 AM'),
    ]);
    const booked = office.server.db
      .prepare(
        'SELECT customer_name, customer_phone, scheduled_date, notes FROM appointments WHERE customer_phone = ?',
      )
      .all(phone);
    expect(booked).toEqual([
      {
        customer_name: 'Ann Bell',
        customer_phone: phone,
        scheduled_date: '2026-12-01',
        notes: 'Free estimate booked by the text message assistant.',
      },
    ]);
  });
});
