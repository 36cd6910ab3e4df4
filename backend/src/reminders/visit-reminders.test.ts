import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type EventStreamClient } from '../test/event-stream-client.ts';
import { startTextingServer, type TextingServer } from '../test/texting-server.ts';

// Visit reminders through the real server: booked, moved and cancelled through the appointments
// API, sent by the outbox to a fake Twilio on the injected clock, answered with "C" or "R".

/** Monday 23 November 2026, 9:00 AM in California. */
const MONDAY_9AM = Date.parse('2026-11-23T17:00:00Z');
const HOUR = 3_600_000;
let office: TextingServer;
let stream: EventStreamClient;
beforeAll(async () => {
  office = await startTextingServer({ start: MONDAY_9AM });
  stream = await openEventStream(office.server.url, office.server.owner.cookie);
});
afterAll(async () => {
  stream.close();
  await office.stop();
});
afterEach(() => expect(office.server.errors).toEqual([]));
const customerTexts = (from: string, body: string) => office.customerTexts(from, body);
// The confirmation each booking gets at once has its own tests (visit-follow-through.test.ts).
const textsTo = (phone: string) => office.textsTo(phone).filter((t) => !t.includes(' is booked for '));
const at = (ms: number) => office.at(ms);

const book = async (phone: string, preferredDate: string, preferredTime: string) => {
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
};

describe('visit reminders', () => {
  it('go 48 h and 2 h before the visit, and a "C" or "R" reply is recorded, acknowledged and announced', async () => {
    const phone = '+17075550401';
    await customerTexts(phone, 'Hi, can you come Thursday?');
    // Thursday 26 November, 10:00 AM.
    const id = await book(phone, '2026-11-26', '10:00 AM');
    const visit = Date.parse('2026-11-26T18:00:00Z');
    await at(visit - 48 * HOUR - 60_000);
    expect(textsTo(phone)).toEqual([]);
    await at(visit - 48 * HOUR);
    expect(textsTo(phone)).toHaveLength(1);
    // The link's key is random: 43 base64url characters, checked by pattern and the rest word for word.
    expect(textsTo(phone)[0]!.replace(/\/visit\/[A-Za-z0-9_-]{43} /, '/visit/{token} ')).toBe(
      'Lost Coast Soft Wash: a reminder of your free estimate visit on Thursday, November 26 at 10:00 AM, 512 Redwood Drive, Garberville. Confirm, reschedule or cancel at https://washdesk.example.com/visit/{token} or reply C to confirm or R to reschedule, or call (707) 555-0142.\nAll your quotes, visits and invoices: https://washdesk.example.com/account',
    );

    // Typed on a phone set to fullwidth letters, "ｃ" is still "C"; the day reads as in the reminder.
    await customerTexts(phone, 'ｃ');
    await office.outbox.scheduler.pass();
    expect(textsTo(phone).at(-1)).toBe(
      'Lost Coast Soft Wash: thank you, your visit on Thursday, November 26 at 10:00 AM is confirmed.\nAll your quotes, visits and invoices: https://washdesk.example.com/account',
    );
    await stream.next(() => stream.live().some((e) => e.type === 'appointment.updated' && e.entityId === id));
    expect(
      stream
        .live()
        .filter((e) => e.entityId === id && e.type === 'appointment.updated')
        .map((e) => e.summary),
    ).toEqual(['Dana Whitfield confirmed the visit on 2026-11-26 at 10:00 AM by text']);
    await customerTexts(phone, 'R');
    await office.outbox.scheduler.pass();
    expect(textsTo(phone).at(-1)).toBe(
      "Lost Coast Soft Wash: thanks, we'll call you to find a new time for your visit on Thursday, November 26 at 10:00 AM. You can also call us at (707) 555-0142.\nAll your quotes, visits and invoices: https://washdesk.example.com/account",
    );
    expect(
      office.server.db
        .prepare('SELECT answer FROM visit_answers WHERE appointment_id = ? ORDER BY id')
        .all(id),
    ).toEqual([{ answer: 'confirmed' }, { answer: 'reschedule' }]);

    await at(visit - 2 * HOUR);
    expect(textsTo(phone)).toHaveLength(4);
    await at(visit + HOUR);
    expect(textsTo(phone)).toHaveLength(4);
  });

  it('a moved visit gets new reminders and the old ones never go; a cancelled one gets none', async () => {
    office.now.ms = MONDAY_9AM;
    const phone = '+17075550402';
    await customerTexts(phone, 'Hello');
    const moved = await book(phone, '2026-11-27', '9:00 AM');
    const cancelled = await book(phone, '2026-11-28', '11:00 AM');
    const move = await office.server.send('PUT', `/api/appointments/${moved}`, {
      scheduledDate: '2026-11-30',
      preferredTime: '1:00 PM',
      allowOverlap: true,
    });
    expect(move.status).toBe(200);
    const cancel = await office.server.send('PUT', `/api/appointments/${cancelled}`, {
      status: 'cancelled',
      cancelReason: 'Rain',
    });
    expect(cancel.status).toBe(200);
    // Every minute to the end of the new visit's day.
    for (let t = MONDAY_9AM; t <= Date.parse('2026-12-01T08:00:00Z'); t += 60_000) await at(t);
    // 48 h before (Saturday 1 PM) and 2 h before (Monday 11 AM) the new time; nothing else.
    const newVisit = expect.stringContaining('visit on Monday, November 30 at 1:00 PM');
    expect(textsTo(phone)).toEqual([newVisit, newVisit]);
  });

  it('"C" from a number that was sent no reminder is just a text', async () => {
    const phone = '+17075550403';
    await customerTexts(phone, 'C');
    await office.outbox.scheduler.pass();
    expect(textsTo(phone)).toEqual([]);
  });
});
