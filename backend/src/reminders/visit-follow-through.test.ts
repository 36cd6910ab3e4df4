import { describe, expect, it } from 'vitest';
import { jobRepository } from '../jobs/job.repository.ts';
import { textingServerForTests } from '../test/texting-server.ts';

// The follow-through of a visit through the real server (issue 33, item 7): the confirmation at
// booking, a restored visit's new reminders and its "back on" text, each sent by the outbox to a
// fake Twilio on the injected clock, through the one gated sender (STOP, quiet hours).

/** Monday 23 November 2026, 9:00 AM in California. */
const MONDAY_9AM = Date.parse('2026-11-23T17:00:00Z');
const HOUR = 3_600_000;
const office = textingServerForTests({ start: MONDAY_9AM });
const LINK = /https:\/\/washdesk\.example\.com\/visit\/[A-Za-z0-9_-]{43} /;
const linked = (text: string | undefined) => text?.replace(LINK, 'https://washdesk.example.com/visit/{token} ');

let phones = 700;
/** A customer who texted the business (so may get automatic texts). */
async function texter(firstText = 'Hi, can you come look at the house?') {
  const phone = `+1707555${String(++phones).padStart(4, '0')}`;
  expect((await office.customerTexts(phone, firstText)).status).toBe(200);
  await office.outbox.scheduler.pass();
  return phone;
}
async function book(phone: string, preferredDate: string, preferredTime: string) {
  const res = await office.server.send('POST', '/api/appointments/create', {
    customerName: 'Dana Whitfield',
    customerPhone: phone,
    address: '512 Redwood Drive, Garberville',
    serviceType: 'house-wash',
    preferredDate,
    preferredTime,
    allowOverlap: true,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
const put = (id: number, body: unknown) => office.server.send('PUT', `/api/appointments/${id}`, body);

describe('the confirmation at booking', () => {
  it('tells the customer at once what was booked, in its words, with the visit link', async () => {
    office.now.ms = MONDAY_9AM;
    const phone = await texter();
    await book(phone, '2026-11-26', '10:00 AM');
    await office.at(MONDAY_9AM);
    expect(office.textsTo(phone).map(linked)).toEqual([
      'Lost Coast Soft Wash: your free estimate is booked for Thursday, November 26 at 10:00 AM, 512 Redwood Drive, Garberville. See it, confirm, reschedule or cancel at https://washdesk.example.com/visit/{token} or call (707) 555-0142.\nAll your quotes, visits and invoices: https://washdesk.example.com/account',
    ]);
    // Its link opens the visit's page, which says what the visit is.
    const token = /\/visit\/([A-Za-z0-9_-]{43})/.exec(office.textsTo(phone)[0]!)![1]!;
    const page = await office.server.anonymous.get(`/api/public/visits/${token}`);
    expect(await page.json()).toMatchObject({ kind: 'estimate', service: 'Free estimate: House Wash' });
  });

  it('never goes to a number that replied STOP, and is recorded as not sent', async () => {
    office.now.ms = MONDAY_9AM;
    const phone = await texter();
    expect((await office.customerTexts(phone, 'STOP')).status).toBe(200);
    await office.outbox.scheduler.pass();
    const before = office.textsTo(phone).length;
    const id = await book(phone, '2026-11-27', '11:00 AM');
    await office.at(MONDAY_9AM + HOUR);
    expect(office.textsTo(phone)).toHaveLength(before);
    const rows = office.server.db
      .prepare("SELECT state FROM outbox_messages WHERE about = ? AND template = 'visit-confirmation'")
      .all(`appointment:${id}`);
    expect(rows).toEqual([{ state: 'cancelled' }]);
  });

  it('booked at night waits for quiet hours to end, then goes once', async () => {
    // Monday 9:30 PM: quiet hours (8 PM – 8 AM).
    const night = Date.parse('2026-11-24T05:30:00Z');
    office.now.ms = night;
    const phone = await texter();
    await book(phone, '2026-11-30', '9:00 AM');
    await office.at(night + 60_000);
    expect(office.textsTo(phone)).toEqual([]);
    // Tuesday 8:00 AM.
    await office.at(Date.parse('2026-11-24T16:00:00Z'));
    await office.at(Date.parse('2026-11-24T16:01:00Z'));
    expect(office.textsTo(phone)).toEqual([expect.stringContaining('is booked for Monday, November 30 at 9:00 AM')]);
  });

  it('a job reads as the work sold ("your house wash") in its reminders, and its page says so', async () => {
    office.now.ms = MONDAY_9AM;
    const phone = await texter();
    // The board books jobs (wave/board); here a job's visit is stored the way it will store one.
    const job = jobRepository(office.server.db).create({
      customerName: 'Dana Whitfield',
      customerPhone: phone,
      address: '512 Redwood Drive, Garberville',
      title: 'house wash',
      durationMinutes: 180,
      lineItems: [{ service: 'House wash', areaSqFt: 2300, unitPriceCents: 50, amountCents: 115_000 }],
    });
    const { lastInsertRowid } = office.server.db
      .prepare(`INSERT INTO appointments (customer_name, customer_phone, address, service_type, scheduled_date,
        preferred_time, status, source, kind, job_id, duration_minutes, created_at, updated_at)
        VALUES ('Dana Whitfield', ?, '512 Redwood Drive, Garberville', 'house-wash', '2026-11-27', '1:00 PM',
        'scheduled', 'staff', 'job', ?, 180, '2026-11-23T17:00:00Z', '2026-11-23T17:00:00Z')`)
      .run(phone, job.id);
    // Any change announced re-plans its reminders.
    expect((await put(Number(lastInsertRowid), { notes: 'Side gate' })).status).toBe(200);
    const visit = Date.parse('2026-11-27T21:00:00Z');
    await office.at(visit - 48 * HOUR);
    const reminder = office.textsTo(phone).at(-1)!;
    expect(reminder).toContain('a reminder of your house wash visit on Friday, November 27 at 1:00 PM');
    const token = /\/visit\/([A-Za-z0-9_-]{43})/.exec(reminder)![1]!;
    const page = await office.server.anonymous.get(`/api/public/visits/${token}`);
    expect(await page.json()).toMatchObject({ kind: 'job', service: 'house wash' });
  });
});

describe('a restored visit', () => {
  it('gets its reminders planned anew and the customer is told it is back on', async () => {
    office.now.ms = MONDAY_9AM;
    const phone = await texter();
    // Thursday 26 November, 10:00 AM.
    const id = await book(phone, '2026-11-26', '10:00 AM');
    await office.at(MONDAY_9AM);
    expect(office.textsTo(phone)).toHaveLength(1);
    expect((await put(id, { status: 'cancelled', cancelReason: 'Customer away' })).status).toBe(200);
    await office.at(MONDAY_9AM + HOUR);
    expect((await put(id, { status: 'scheduled', allowOverlap: true })).status).toBe(200);
    await office.at(MONDAY_9AM + HOUR);
    expect(linked(office.textsTo(phone).at(-1))).toBe(
      'Lost Coast Soft Wash: your free estimate on Thursday, November 26 at 10:00 AM, 512 Redwood Drive, Garberville is back on our calendar. See it, confirm, reschedule or cancel at https://washdesk.example.com/visit/{token} or call (707) 555-0142.\nAll your quotes, visits and invoices: https://washdesk.example.com/account',
    );
    const visit = Date.parse('2026-11-26T18:00:00Z');
    await office.at(visit - 48 * HOUR);
    expect(office.textsTo(phone).at(-1)).toContain('a reminder of your free estimate visit on Thursday, November 26');
    await office.at(visit - 2 * HOUR);
    expect(office.textsTo(phone)).toHaveLength(4);
    // Cancelled and restored once more at 8:30 that morning: a third booking, told again (its
    // reminders' times have passed, and the earlier ones do not go again).
    office.now.ms = visit - 90 * 60_000;
    expect((await put(id, { status: 'cancelled', cancelReason: 'Rain' })).status).toBe(200);
    expect((await put(id, { status: 'scheduled', allowOverlap: true })).status).toBe(200);
    await office.at(visit - 90 * 60_000);
    expect(office.textsTo(phone).at(-1)).toContain('is back on our calendar');
    await office.at(visit + HOUR);
    expect(office.textsTo(phone)).toHaveLength(5);
    const bookings = office.server.db.prepare('SELECT restored_count AS n FROM appointments WHERE id = ?');
    expect(bookings.get(id)).toEqual({ n: 2 });
  });

  it('an edit of a visit that was never cancelled sends no second confirmation', async () => {
    office.now.ms = MONDAY_9AM;
    const phone = await texter();
    const id = await book(phone, '2026-11-28', '10:00 AM');
    await office.at(MONDAY_9AM);
    expect((await put(id, { notes: 'Gate code 1234' })).status).toBe(200);
    expect((await put(id, { preferredTime: '11:00 AM', allowOverlap: true })).status).toBe(200);
    await office.at(MONDAY_9AM + 60_000);
    expect(office.textsTo(phone)).toHaveLength(1);
  });
});

describe("staff hear of a customer's move or cancel", () => {
  const tokenOf = (phone: string) => /\/visit\/([A-Za-z0-9_-]{43})/.exec(office.textsTo(phone).at(-1)!)![1]!;
  const eventsOf = (id: number) =>
    office.server.db
      .prepare("SELECT type, summary FROM events WHERE entity_id = ? AND type LIKE 'appointment.customer%' ORDER BY id")
      .all(id);
  const newForMe = async () => (await (await office.server.get('/api/me/new')).json()) as { changedVisits: number };

  it('as urgent when the visit is tomorrow, as news when it is next week, and counted on Appointments until looked at', async () => {
    office.now.ms = MONDAY_9AM;
    expect((await office.server.send('PUT', '/api/me/seen/visits')).status).toBe(200);
    expect((await newForMe()).changedVisits).toBe(0);
    const soonPhone = await texter();
    const tomorrow = await book(soonPhone, '2026-11-24', '2:00 PM');
    const laterPhone = await texter();
    const nextWeek = await book(laterPhone, '2026-12-01', '9:00 AM');
    await office.at(MONDAY_9AM);
    office.now.ms = MONDAY_9AM + 60_000;
    const cancel = await office.server.anonymous.send('POST', `/api/public/visits/${tokenOf(soonPhone)}/cancel`, {
      reason: 'Car broke down',
    });
    expect(cancel.status).toBe(204);
    const move = await office.server.anonymous.send('POST', `/api/public/visits/${tokenOf(laterPhone)}/reschedule`, {
      date: '2026-12-02',
      time: '10:00 AM',
    });
    expect(move.status).toBe(200);
    expect(eventsOf(tomorrow)).toEqual([
      {
        type: 'appointment.customer-changed-soon',
        summary: 'Dana Whitfield cancelled the visit on 2026-11-24 at 2:00 PM from the reminder link: "Car broke down"',
      },
    ]);
    expect(eventsOf(nextWeek)).toEqual([
      {
        type: 'appointment.customer-changed',
        summary:
          'Dana Whitfield moved their visit from the reminder link: from 2026-12-01 at 9:00 AM to 2026-12-02 at 10:00 AM',
      },
    ]);
    expect((await newForMe()).changedVisits).toBe(2);
    office.now.ms = MONDAY_9AM + 120_000;
    expect((await office.server.send('PUT', '/api/me/seen/visits')).status).toBe(200);
    expect((await newForMe()).changedVisits).toBe(0);
  });
});

describe('"Copy visit link"', () => {
  it("gives staff a link that opens the customer's page, only while the visit stands", async () => {
    office.now.ms = MONDAY_9AM;
    const phone = await texter();
    const id = await book(phone, '2026-12-03', '9:00 AM');
    const copied = await office.server.send('POST', `/api/appointments/${id}/visit-link`);
    expect(copied.status).toBe(201);
    const { url } = (await copied.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/washdesk\.example\.com\/visit\/[A-Za-z0-9_-]{43}$/);
    const page = await office.server.anonymous.get(`/api/public/visits/${url.split('/visit/')[1]}`);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ date: '2026-12-03', time: '9:00 AM' });
    // Not for strangers, not for a visit that is not there or no longer stands.
    expect((await office.server.anonymous.send('POST', `/api/appointments/${id}/visit-link`)).status).toBe(401);
    expect((await office.server.send('POST', '/api/appointments/99999/visit-link')).status).toBe(404);
    expect((await put(id, { status: 'cancelled', cancelReason: 'Moved away' })).status).toBe(200);
    const refused = await office.server.send('POST', `/api/appointments/${id}/visit-link`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'This visit is cancelled, completed or past, so its page can no longer be answered.',
    );
  });
});
