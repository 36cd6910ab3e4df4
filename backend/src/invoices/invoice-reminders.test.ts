import { describe, expect, it } from 'vitest';
import { ledgerRepository } from '../payments/ledger.repository.ts';
import { invoiceRigForTests } from '../test/invoice-rig.ts';

// An invoice's two reminders on a clock the test moves: on the due date and a week after it, at
// 10 AM in California, through the outbox (so quiet hours and consent apply), worded with what is
// owed then; none for an invoice paid, void or fully refunded, checked again as each would go.

const MONDAY_9AM = Date.parse('2026-11-23T17:00:00Z');
/** 10:00 AM Pacific on the due date (Monday 7 December) and a week later. */
const DUE_DAY_10AM = Date.parse('2026-12-07T18:00:00Z');
const WEEK_LATER_10AM = Date.parse('2026-12-14T18:00:00Z');
const rig = invoiceRigForTests({ start: MONDAY_9AM });
const server = () => rig.office.server;
const reminders = (phone: string) =>
  rig.office.textsTo(phone).filter((t) => t.includes('a reminder that invoice'));
const cash = (id: number, amountCents: number) =>
  server().send('POST', `/api/invoices/${id}/payments`, { method: 'cash', amountCents });

describe('invoice reminders', () => {
  it('go on the due date and a week later with the balance then, and never for an invoice paid, void or fully refunded', async () => {
    const [owes, pays, voids, paidQuietly, refunded] = await Promise.all(
      Array.from({ length: 5 }, () => rig.customer()),
    );
    const owing = await rig.doneJob(owes!, { amounts: [24_000] });
    const paying = await rig.doneJob(pays!, { amounts: [24_000] });
    const voiding = await rig.doneJob(voids!, { amounts: [24_000] });
    const quiet = await rig.doneJob(paidQuietly!, { amounts: [24_000] });
    const giveBack = await rig.doneJob(refunded!, { amounts: [24_000] });
    await rig.office.at(MONDAY_9AM);

    // Two reminders planned per channel, each at 10 AM of its day.
    const planned = (await rig.invoice(owing.id)).messages.filter((m) => m.kind === 'reminder');
    expect(planned.map((m) => [m.channel, m.state, m.dueAt])).toEqual([
      ['text', 'pending', new Date(DUE_DAY_10AM).toISOString()],
      ['email', 'pending', new Date(DUE_DAY_10AM).toISOString()],
      ['text', 'pending', new Date(WEEK_LATER_10AM).toISOString()],
      ['email', 'pending', new Date(WEEK_LATER_10AM).toISOString()],
    ]);

    // A part payment re-words what is still to go; a full one cancels it; so does voiding.
    expect((await cash(owing.id, 10_000)).status).toBe(201);
    expect((await cash(paying.id, 24_000)).status).toBe(201);
    expect(
      (await server().send('POST', `/api/invoices/${voiding.id}/void`, { reason: 'Duplicate' })).status,
    ).toBe(200);
    const reworded = (await rig.invoice(owing.id)).messages.filter((m) => m.kind === 'reminder');
    expect(reworded.filter((m) => m.state === 'cancelled').map((m) => m.problem)).toEqual(
      Array(4).fill('The amount due changed'),
    );
    expect(reworded.filter((m) => m.state === 'pending')).toHaveLength(4);
    const payingReminders = (await rig.invoice(paying.id)).messages.filter((m) => m.kind === 'reminder');
    expect(payingReminders.map((m) => [m.state, m.problem])).toEqual(
      Array(4).fill(['cancelled', 'The invoice is paid']),
    );
    const voidReminders = (await rig.invoice(voiding.id)).messages.filter((m) => m.kind === 'reminder');
    expect(voidReminders.every((m) => m.state === 'cancelled')).toBe(true);

    // Money that reached the ledger with no announcement (say, a webhook this server missed the
    // reaction to) still stops a reminder: the gate asks the ledger as it goes.
    const ledger = ledgerRepository(server().db);
    ledger.record({
      sourceKey: `stripe:pi_quiet_${quiet.id}`,
      kind: 'payment',
      status: 'succeeded',
      method: 'card',
      purpose: 'invoice',
      amountCents: 24_000,
      invoiceId: quiet.id,
      occurredAt: new Date(MONDAY_9AM).toISOString(),
    });
    // A card payment, then given back in full by the business: nobody chases it.
    ledger.record({
      sourceKey: `stripe:pi_back_${giveBack.id}`,
      kind: 'payment',
      status: 'succeeded',
      method: 'card',
      purpose: 'invoice',
      amountCents: 24_000,
      invoiceId: giveBack.id,
      providerPaymentIntentId: `pi_back_${giveBack.id}`,
      occurredAt: new Date(MONDAY_9AM).toISOString(),
    });
    ledger.record({
      sourceKey: `stripe:re_back_${giveBack.id}`,
      kind: 'refund',
      status: 'succeeded',
      method: 'card',
      purpose: 'invoice',
      amountCents: -24_000,
      invoiceId: giveBack.id,
      providerPaymentIntentId: `pi_back_${giveBack.id}`,
      occurredAt: new Date(MONDAY_9AM + 60_000).toISOString(),
    });

    // A minute before 10 AM on the due date nothing goes.
    await rig.office.at(DUE_DAY_10AM - 60_000);
    for (const phone of [owes, pays, voids, paidQuietly, refunded]) expect(reminders(phone!)).toEqual([]);

    await rig.office.at(DUE_DAY_10AM);
    expect(reminders(owes!)).toEqual([
      `Lost Coast Soft Wash: a reminder that invoice #${owing.number} has $140 still due: ${owing.link}\nAll your quotes, visits and invoices: https://washdesk.example.com/account`,
    ]);
    for (const phone of [pays, voids, paidQuietly, refunded]) expect(reminders(phone!)).toEqual([]);
    const quietReminders = (await rig.invoice(quiet.id)).messages.filter((m) => m.kind === 'reminder');
    // The due date's pair was cancelled as it came due; the next week's waits for its own check.
    expect(quietReminders.map((m) => [m.state, m.problem])).toEqual([
      ['cancelled', 'The invoice is paid'],
      ['cancelled', 'The invoice is paid'],
      ['pending', null],
      ['pending', null],
    ]);
    const backReminders = (await rig.invoice(giveBack.id)).messages.filter((m) => m.kind === 'reminder');
    expect(backReminders.filter((m) => m.state === 'cancelled').map((m) => m.problem)).toContain(
      'The invoice was fully refunded',
    );

    await rig.office.at(WEEK_LATER_10AM);
    expect(reminders(owes!)).toHaveLength(2);
    // Never a third.
    await rig.office.at(WEEK_LATER_10AM + 30 * 86_400_000);
    expect(reminders(owes!)).toHaveLength(2);
    for (const phone of [pays, voids, paidQuietly, refunded]) expect(reminders(phone!)).toEqual([]);
    // And the e-mails followed the texts: two reminders to the one customer still owing.
    const reminderMails = rig.smtp.mails.filter(
      (m) => m.subject === `Reminder: invoice #${owing.number} from Lost Coast Soft Wash`,
    );
    expect(reminderMails).toHaveLength(2);
  });
});
