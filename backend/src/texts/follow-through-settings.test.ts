import { DEFAULT_FOLLOW_THROUGH } from '@washdesk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTextingServer, type TextingServer } from '../test/texting-server.ts';

// The automatic messages' settings through the real server: each text may use only its own
// fields (anything else is refused whole, with the field named, and nothing is stored), a saved
// text is what goes, and a change of the reminder hours re-plans the visits still to come.

/** Monday 23 November 2026, 9:00 AM in California. */
const MONDAY_9AM = Date.parse('2026-11-23T17:00:00Z');
const HOUR = 3_600_000;
let office: TextingServer;
beforeAll(async () => {
  office = await startTextingServer({ start: MONDAY_9AM });
});
afterAll(() => office.stop());
afterEach(() => expect(office.server.errors).toEqual([]));

const settings = async () => (await office.server.send('GET', '/api/texts/settings')).json();
const save = (change: object) => office.server.send('PUT', '/api/texts/settings', change);

describe('automatic message settings', () => {
  it('start from the defaults and say what can send and when nothing automatic goes', async () => {
    expect(await settings()).toEqual(DEFAULT_FOLLOW_THROUGH);
    const status = await office.server.send('GET', '/api/texts/settings/status');
    expect(await status.json()).toEqual({
      texts: true,
      email: false,
      quietHours: { startHour: 20, endHour: 8 },
    });
  });

  it('refuse a text using a field it may not, and a bad timing, storing nothing of the change', async () => {
    const res = await save({
      missedCallTextBack: false,
      reviewText: 'Thanks{name}! Review us at {link}, {nmae} {address}',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.reviewText).toBe(
      'The review request text cannot use {nmae}, {address}: it may use {name}, {link}, {phone}',
    );
    const hours = await save({ reminderHours: [48, 48] });
    expect(hours.status).toBe(400);
    expect(((await hours.json()) as typeof body).error.fields.reminderHours).toBe(
      'Give each reminder hour once',
    );
    const blank = await save({ reserviceText: '   ' });
    expect(((await blank.json()) as typeof body).error.fields.reserviceText).toBe(
      'Type the re-service reminder text',
    );
    expect(await settings()).toEqual(DEFAULT_FOLLOW_THROUGH);
  });

  it('send the saved reminder text at the saved hours, re-planning a visit already booked', async () => {
    const phone = '+17075550601';
    expect((await office.customerTexts(phone, 'Hi, Thursday works')).status).toBe(200);
    const booked = await office.server.send('POST', '/api/appointments/create', {
      customerName: 'Dana Whitfield',
      customerPhone: phone,
      address: '512 Redwood Drive, Garberville',
      serviceType: 'house-wash',
      preferredDate: '2026-11-26',
      preferredTime: '10:00 AM',
      allowOverlap: true,
    });
    expect(booked.status).toBe(201);
    const saved = await save({
      reminderHours: [24],
      reminderText: 'see you {day} at {time}{name}! Questions: {phone}',
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).reminderHours).toEqual([24]);
    expect((await settings()).reminderText).toBe('see you {day} at {time}{name}! Questions: {phone}');

    const visit = Date.parse('2026-11-26T18:00:00Z');
    // The 48-hour reminder planned at booking no longer goes (the booking's confirmation did).
    await office.at(visit - 48 * HOUR);
    expect(office.textsTo(phone)).toEqual([expect.stringContaining('your free estimate is booked for')]);
    await office.at(visit - 24 * HOUR);
    expect(office.textsTo(phone).slice(1)).toEqual([
      // The saved words as saved, then the customer's own page (issue 36: every visit message).
      'Lost Coast Soft Wash: see you Thursday, November 26 at 10:00 AM, Dana! Questions: (707) 555-0142\n' +
        'All your quotes, visits and invoices: https://washdesk.example.com/account',
    ]);
    await office.at(visit - HOUR);
    expect(office.textsTo(phone)).toHaveLength(2);
  });

  it('keep quiet hours as saved, refuse hours that are not hours, and hold automatic texts by them', async () => {
    const refused = await save({ quietHours: { startHour: 21, endHour: 21 } });
    expect(refused.status).toBe(400);
    expect(
      ((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields.quietHours,
    ).toBe('Quiet hours must start and end at different hours');
    expect((await save({ quietHours: { startHour: 24, endHour: 7 } })).status).toBe(400);
    expect((await save({ quietHours: { startHour: '9 PM', endHour: 7 } })).status).toBe(400);
    expect((await settings()).quietHours).toEqual({ startHour: 20, endHour: 8 });

    const saved = await save({ quietHours: { startHour: 21, endHour: 7 } });
    expect(saved.status).toBe(200);
    expect((await settings()).quietHours).toEqual({ startHour: 21, endHour: 7 });
    const status = await office.server.send('GET', '/api/texts/settings/status');
    expect(((await status.json()) as { quietHours: object }).quietHours).toEqual({
      startHour: 21,
      endHour: 7,
    });

    // Friday 27 November 2026 in California: 8:30 PM is no longer quiet, 9:30 PM is, until 7 AM.
    const phone = '+17075550602';
    expect((await office.customerTexts(phone, 'Hello')).status).toBe(200);
    const automatic = (key: string, at: number) =>
      office.outbox.queue({
        idempotencyKey: key,
        channel: 'text',
        recipient: phone,
        template: 'test',
        body: `Lost Coast Soft Wash: ${key}`,
        automatic: true,
        dueAt: new Date(at),
      });
    const evening = Date.parse('2026-11-28T04:30:00Z');
    automatic('at 8:30 PM', evening);
    await office.at(evening);
    expect(office.textsTo(phone)).toEqual(['Lost Coast Soft Wash: at 8:30 PM']);
    automatic('at 9:30 PM', evening + HOUR);
    await office.at(evening + HOUR);
    await office.at(Date.parse('2026-11-28T14:59:00Z'));
    expect(office.textsTo(phone)).toHaveLength(1);
    await office.at(Date.parse('2026-11-28T15:00:00Z'));
    expect(office.textsTo(phone)).toEqual([
      'Lost Coast Soft Wash: at 8:30 PM',
      'Lost Coast Soft Wash: at 9:30 PM',
    ]);
  });
});
