import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../test/fake-smtp.ts';
import { startFakeTwilio, type FakeTwilio } from '../test/fake-twilio.ts';
import { outboxRig, rigTexts, type OutboxRig } from '../test/outbox-rig.ts';
import { outboxScheduler, RETRY_BACKOFF_MS } from './outbox-scheduler.ts';
import { textSender } from './outbox-senders.ts';

// The outbox's promises one at a time, over a real SQLite file, the twilio SDK against a fake
// Twilio and nodemailer against a fake SMTP server, on a clock the test moves.

/** Tuesday 24 November 2026, 10:00 AM in California (not in quiet hours). */
const MORNING = new Date('2026-11-24T18:00:00Z');
const MINUTE = 60_000;

let twilio: FakeTwilio;
let smtp: FakeSmtp;
let rig: OutboxRig;
beforeAll(async () => {
  twilio = await startFakeTwilio();
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await twilio.close();
  await smtp.close();
});
beforeEach(() => {
  twilio.texts.length = 0;
  twilio.answer = 'accept';
  rig = outboxRig({ twilio, smtp, start: MORNING, twilioTimeoutMs: 500 });
});
afterEach(() => rig.close());

const text = (key: string, overrides: Partial<Parameters<OutboxRig['outbox']['queue']>[0]> = {}) =>
  rig.outbox.queue({
    idempotencyKey: key,
    channel: 'text',
    recipient: '+17075550123',
    template: 'test',
    body: `Lost Coast Soft Wash: message ${key}`,
    dueAt: new Date(rig.now.ms),
    ...overrides,
  }).message;

describe('the outbox', () => {
  it('sends a due text once through the twilio SDK and records its SID; a repeated decision is stored once', async () => {
    const first = text('a');
    expect(text('a').id).toBe(first.id);
    const later = text('b', { dueAt: new Date(MORNING.getTime() + 10 * MINUTE) });

    expect(await rig.outbox.scheduler.pass()).toMatchObject({ sent: 1 });
    expect(await rig.outbox.scheduler.pass()).toMatchObject({ sent: 0 });
    expect(twilio.texts).toEqual([
      { sid: expect.stringMatching(/^SM/), to: '+17075550123', from: twilio.phoneNumber, body: first.body },
    ]);
    expect(twilio.statusCallbacks[twilio.texts[0]!.sid]).toBe(
      'https://office.example.com/api/twilio/message-status',
    );
    expect(rig.outbox.repository.byId(first.id)).toMatchObject({
      state: 'sent',
      attempts: 1,
      providerId: twilio.texts[0]!.sid,
      deliveryStatus: 'queued',
      sentAt: MORNING.toISOString(),
    });
    expect(rig.outbox.repository.byId(later.id)).toMatchObject({ state: 'pending' });
  });

  it('retries after a provider error with growing waits, then gives up; a refused message fails at once', async () => {
    const flaky = text('flaky');
    twilio.answer = 'unavailable';
    for (const wait of RETRY_BACKOFF_MS) {
      expect(await rig.outbox.scheduler.pass()).toMatchObject({ retried: 1 });
      const row = rig.outbox.repository.byId(flaky.id)!;
      expect(row).toMatchObject({ state: 'pending', error: expect.stringContaining('503') });
      expect(Date.parse(row.dueAt) - rig.now.ms).toBe(wait);
      // Not a minute early.
      rig.now.ms += wait - MINUTE;
      expect(await rig.outbox.scheduler.pass()).toMatchObject({ retried: 0 });
      rig.now.ms += MINUTE;
    }
    expect(await rig.outbox.scheduler.pass()).toMatchObject({ failed: 1 });
    expect(rig.outbox.repository.byId(flaky.id)).toMatchObject({ state: 'failed', attempts: 6 });

    twilio.answer = 'invalid-to';
    const refused = text('refused', { recipient: '+15555550100' });
    expect(await rig.outbox.scheduler.pass()).toMatchObject({ failed: 1, retried: 0 });
    expect(rig.outbox.repository.byId(refused.id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: expect.stringContaining('21211'),
    });

    twilio.answer = 'accept';
    const recovers = text('recovers');
    twilio.answer = 'unavailable';
    await rig.outbox.scheduler.pass();
    twilio.answer = 'accept';
    rig.now.ms += RETRY_BACKOFF_MS[0]!;
    expect(await rig.outbox.scheduler.pass()).toMatchObject({ sent: 1 });
    expect(rig.outbox.repository.byId(recovers.id)).toMatchObject({
      state: 'sent',
      attempts: 2,
      error: null,
    });
    expect(twilio.texts.map((t) => t.body)).toEqual([recovers.body]);
  });

  it('after a crash between sending and recording, finds the text at Twilio instead of sending it again', async () => {
    const message = text('crash');
    // The process that claims it sends, Twilio takes the text, and the answer never arrives:
    // as far as the database knows the row is still being sent when that process dies.
    twilio.answer = 'record-then-hang';
    const dying = rig.outbox.scheduler.pass();
    await expect.poll(() => twilio.texts.length).toBe(1);
    expect(rig.outbox.repository.byId(message.id)).toMatchObject({ state: 'sending' });

    // The next run (a restarted server) reconciles before sending anything.
    twilio.answer = 'accept';
    const next = outboxScheduler({
      repository: rig.outbox.repository,
      senders: {
        text: textSender(
          rigTexts(rig.config, rig.db, () => rig.now.ms)!,
          () => '',
          rig.outbox.repository.isProviderIdRecorded,
        ),
        email: null,
      },
      clock: () => rig.now.ms,
      gates: [],
    });
    expect(await next.pass()).toMatchObject({ reconciled: 1, sent: 0 });
    expect(twilio.texts).toHaveLength(1);
    expect(rig.outbox.repository.byId(message.id)).toMatchObject({
      state: 'sent',
      providerId: twilio.texts[0]!.sid,
    });
    // The dead run's late answer (its request times out) changes nothing.
    await dying;
    expect(rig.outbox.repository.byId(message.id)).toMatchObject({
      state: 'sent',
      providerId: twilio.texts[0]!.sid,
    });

    // A row whose sender died before Twilio took it is sent by the next run.
    const lost = text('lost', { body: 'Lost Coast Soft Wash: never reached Twilio' });
    rig.outbox.repository.claimDue(rig.now.ms, 120_000, 'a-run-that-died', 10);
    expect(await next.pass()).toMatchObject({ reconciled: 0, sent: 1 });
    expect(rig.outbox.repository.byId(lost.id)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(twilio.texts.map((t) => t.body)).toEqual([message.body, lost.body]);
  });

  it('e-mails through nodemailer with a Message-ID of its own, the same one when sent again after a crash', async () => {
    const mail = rig.outbox.queue({
      idempotencyKey: 'mail-1',
      channel: 'email',
      recipient: 'dana@example.com',
      template: 'test',
      subject: 'Your visit on Thursday',
      body: 'See you Thursday at 10.',
      dueAt: new Date(rig.now.ms),
    }).message;
    const before = smtp.mails.length;
    rig.outbox.repository.claimDue(rig.now.ms, 120_000, 'a-run-that-died', 10);
    expect(await rig.outbox.scheduler.pass()).toMatchObject({ sent: 1 });
    await smtp.received(before + 1);
    const sent = smtp.mails.at(-1)!;
    expect(sent.subject).toBe('Your visit on Thursday');
    expect(sent.text?.trim()).toBe('See you Thursday at 10.');
    expect(rig.outbox.repository.byId(mail.id)).toMatchObject({ state: 'sent', providerId: sent.messageId });
  });

  it('waits out quiet hours for automatic messages, not for one a staff member sent', async () => {
    // 9:30 PM in California.
    rig.now.ms = Date.parse('2026-11-25T05:30:00Z');
    const automatic = text('night-auto');
    const typed = text('night-typed', { automatic: false });
    expect(await rig.outbox.scheduler.pass()).toMatchObject({ sent: 1, deferred: 1 });
    expect(twilio.texts.map((t) => t.body)).toEqual([typed.body]);
    // 8:00 AM the next morning, Pacific time.
    expect(rig.outbox.repository.byId(automatic.id)).toMatchObject({
      state: 'pending',
      attempts: 0,
      dueAt: '2026-11-25T16:00:00.000Z',
    });
  });

  it('cancels what an event made pointless, and a channel that is not configured fails without claiming a send', async () => {
    const reminder = text('reminder', { about: 'appointment:7', dueAt: new Date(rig.now.ms + MINUTE) });
    expect(rig.outbox.repository.cancelAbout('appointment:7', 'The visit was cancelled')).toBe(1);
    rig.now.ms += MINUTE;
    expect(await rig.outbox.scheduler.pass()).toMatchObject({ sent: 0 });
    expect(rig.outbox.repository.byId(reminder.id)).toMatchObject({
      state: 'cancelled',
      error: 'The visit was cancelled',
    });

    const bare = outboxRig({ start: MORNING });
    try {
      const row = bare.outbox.queue({
        idempotencyKey: 'x',
        channel: 'text',
        recipient: '+17075550123',
        template: 'test',
        body: 'hello',
        dueAt: MORNING,
      }).message;
      expect(bare.outbox.configured).toEqual({ text: false, email: false });
      expect(await bare.outbox.scheduler.pass()).toMatchObject({ sent: 0, failed: 1 });
      expect(bare.outbox.repository.byId(row.id)).toMatchObject({
        state: 'failed',
        providerId: null,
        error: 'Text messages are not configured (Twilio)',
      });
    } finally {
      bare.close();
    }
  });
});
