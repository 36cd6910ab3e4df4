import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFERRED_TIMES, SLOT_TAKEN_CODE, type PublicVisit } from '@washdesk/contract';
import { crewRepository } from '../crews/crew.repository.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// The customer's reschedule page offers only what the business would book (issue 33, item 7):
// starts inside the hours Settings saved, for the visit's whole length, with its own crew free
// for that long; never a closed day, a holiday, a time past closing, or a crew's taken slot.
// Through the real server and SQLite, on the injected clock.

/** Monday 23 November 2026, 9:00 AM in California (9 AM has begun: today offers from 10 AM). */
const NOW = Date.parse('2026-11-23T17:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: () => NOW });
});
afterAll(async () => {
  expect(server.errors).toEqual([]);
  await server.stop();
});

const HOURS = {
  days: {
    monday: { opens: '09:00', closes: '15:00' },
    tuesday: { opens: '09:00', closes: '15:00' },
    wednesday: { opens: '09:00', closes: '15:00' },
    thursday: { opens: '09:00', closes: '15:00' },
    friday: { opens: '09:00', closes: '15:00' },
    saturday: { opens: '10:00', closes: '12:00' },
    sunday: null,
  },
  holidays: ['2026-11-26'],
};
const minutesOf = (time: string) => {
  const [, h, m, half] = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time)!;
  return ((Number(h) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(m);
};

/** A visit stored on a crew for a length (as the board will place it). */
async function visitOn(crewId: number, date: string, time: string, durationMinutes: number) {
  const res = await server.send('POST', '/api/appointments/create', {
    customerName: `Customer ${date} ${time}`,
    customerPhone: '(707) 555-0160',
    address: '512 Redwood Drive, Garberville',
    serviceType: 'house-wash',
    preferredDate: date,
    preferredTime: time,
    allowOverlap: true,
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  server.db
    .prepare('UPDATE appointments SET crew_id = ?, duration_minutes = ? WHERE id = ?')
    .run(crewId, durationMinutes, id);
  return id;
}

describe("the customer's reschedule page", () => {
  let token: string;
  let crew1: number;
  let crew2: number;
  beforeAll(async () => {
    expect((await server.send('PUT', '/api/settings/business-hours', HOURS)).status).toBe(200);
    const crews = crewRepository(server.db);
    crew1 = crews.active()[0]!.id;
    crew2 = crews.create({ name: 'Crew 2', color: '#29A634' }).id;
    // The customer's two-hour wash on crew 1, Wednesday 10 AM.
    const id = await visitOn(crew1, '2026-11-25', '10:00 AM', 120);
    // Crew 1 is taken Monday 30th 11 AM – 1 PM; crew 2's day does not matter to crew 1's visit.
    await visitOn(crew1, '2026-11-30', '11:00 AM', 120);
    await visitOn(crew2, '2026-11-30', '9:00 AM', 360);
    const link = await server.send('POST', `/api/appointments/${id}/visit-link`);
    token = ((await link.json()) as { url: string }).url.split('/visit/')[1]!;
  });

  it('never offers a closed day or hour, a holiday, a time past closing, or a taken crew slot', async () => {
    const page = (await (await server.anonymous.get(`/api/public/visits/${token}`)).json()) as PublicVisit;
    const offered = new Map(page.freeSlots.map((d) => [d.date, d.times]));
    // Each day as the rules say, worked out by hand: today from 10 AM (9 has begun), a two-hour
    // visit starts no later than 1 PM (closing 3 PM), Saturday only at 10, Sunday and the holiday
    // never, and crew 1's Monday 11–1 rules out 10, 11 and 12.
    expect(offered.get('2026-11-23')).toEqual(['10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM']);
    expect(offered.get('2026-11-24')).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM']);
    expect(offered.has('2026-11-26')).toBe(false);
    expect(offered.get('2026-11-28')).toEqual(['10:00 AM']);
    expect(offered.has('2026-11-29')).toBe(false);
    expect(offered.get('2026-11-30')).toEqual(['9:00 AM', '1:00 PM']);
    // And as a rule over every day offered.
    for (const { date, times } of page.freeSlots) {
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      expect(weekday, date).not.toBe(0);
      expect(HOURS.holidays).not.toContain(date);
      const { opens, closes } = weekday === 6 ? HOURS.days.saturday : HOURS.days.monday;
      for (const time of times) {
        expect(PREFERRED_TIMES).toContain(time);
        expect(minutesOf(time)).toBeGreaterThanOrEqual(minutesOf(`${Number(opens.slice(0, 2))}:00 AM`));
        expect(minutesOf(time) + 120, `${date} ${time}`).toBeLessThanOrEqual(
          Number(closes.slice(0, 2)) * 60,
        );
      }
    }
  });

  it('refuses a taken crew slot (409) and a closed hour (400), and moves to a free one', async () => {
    const move = (date: string, time: string) =>
      server.anonymous.send('POST', `/api/public/visits/${token}/reschedule`, { date, time });
    const taken = await move('2026-11-30', '11:00 AM');
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: { code: string } }).error.code).toBe(SLOT_TAKEN_CODE);
    expect((await move('2026-11-24', '2:00 PM')).status).toBe(400);
    expect((await move('2026-11-29', '10:00 AM')).status).toBe(400);
    expect((await move('2026-11-26', '10:00 AM')).status).toBe(400);
    const moved = await move('2026-11-30', '1:00 PM');
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ date: '2026-11-30', time: '1:00 PM' });
  });
});
