import { describe, expect, it } from 'vitest';
import {
  MAX_CREWS,
  PAST_DATE_MESSAGE,
  PAST_TIME_MESSAGE,
  SCHEDULE_RANGE_MESSAGE,
  SLOT_TAKEN_CODE,
  TOO_MANY_CREWS,
  LAST_CREW,
  TOTAL_COUNT_HEADER,
  boardVisitSchema,
  crewSchema,
  jobSchema,
  visitMovedSchema,
} from '@washdesk/contract';
import { textingServerForTests } from '../test/texting-server.ts';
import { jobRepository } from '../jobs/job.repository.ts';

// The board through the real server: a SQLite file, HTTP on 127.0.0.1, the texts feature's
// outbox sending to a fake Twilio on the injected clock. The business keeps its default hours
// (Monday to Friday, 8 AM to 5 PM, California); the clock stands at 9:00 AM on Monday 23 November 2026.

const MONDAY_9AM = Date.parse('2026-11-23T17:00:00Z');
const office = textingServerForTests({ start: MONDAY_9AM });
const server = () => office.server;
const CREW_1 = 1;

let phones = 0;
/** A customer who has texted the business (so automatic texts may go to them). */
async function customer() {
  const phone = `+1707555${String(7000 + ++phones)}`;
  await office.customerTexts(phone, 'Hi, about my booking');
  return phone;
}

async function estimate(phone: string, preferredDate: string, preferredTime: string) {
  const res = await server().send('POST', '/api/appointments/create', {
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

/** A sold job waiting in the tray (quotes' "Book the job" makes these; the test writes it through the owner). */
const job = (phone: string, durationMinutes = 180) =>
  jobRepository(server().db).create({
    customerName: 'Mara Lindqvist',
    customerPhone: phone,
    address: '9 Alderpoint Road, Blocksburg',
    title: 'House wash',
    durationMinutes,
    lineItems: [
      { service: 'House wash', areaSqFt: 2300, unitPriceCents: 50, amountCents: 115_000 },
      { service: 'Gutter brightening', areaSqFt: null, unitPriceCents: null, amountCents: 9_500 },
    ],
  });

const book = async (jobId: number, body: Record<string, unknown>) =>
  server().send('POST', `/api/schedule/jobs/${jobId}/visit`, body);
const move = (id: number, body: Record<string, unknown>) =>
  server().send('POST', `/api/schedule/visits/${id}/move`, body);
const board = async (from: string, to: string) => {
  const res = await server().get(`/api/schedule?from=${from}&to=${to}`);
  expect(res.status).toBe(200);
  return boardVisitSchema
    .strict()
    .array()
    .parse(await res.json());
};
const addCrew = async (name: string, color = '#29A634') => {
  const res = await server().send('POST', '/api/crews', { name, color });
  expect(res.status).toBe(201);
  return crewSchema.strict().parse(await res.json());
};
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describe('GET /api/schedule', () => {
  it('answers 400 with a clear message for a missing, reversed, impossible or too long range', async () => {
    const cases: [string, string, string][] = [
      ['', 'from', 'Give the first day (from=YYYY-MM-DD)'],
      ['?from=2026-11-23', 'to', 'Give the last day (to=YYYY-MM-DD)'],
      ['?from=2026-11-23&to=2026-11-22', 'to', 'The last day must not be before the first'],
      ['?from=2026-02-30&to=2026-03-01', 'from', 'That date does not exist'],
      ['?from=23/11/2026&to=2026-11-24', 'from', 'Use a date like 2026-05-31'],
      ['?from=2026-11-01&to=2026-12-13', 'to', SCHEDULE_RANGE_MESSAGE],
    ];
    for (const [query, field, message] of cases) {
      const res = await server().get(`/api/schedule${query}`);
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).fields?.[field], query).toBe(message);
    }
    // Exactly six weeks is the longest range.
    expect((await server().get('/api/schedule?from=2026-11-01&to=2026-12-12')).status).toBe(200);
  });
});

describe('the unscheduled tray and booking a job', () => {
  it('pages the tray by key, books a job into a slot, and the board shows it with its price and step', async () => {
    const phone = await customer();
    const first = job(phone);
    const second = job(phone, 120);
    const page1 = await server().get('/api/jobs?status=unscheduled&limit=1');
    expect(page1.status).toBe(200);
    const rows1 = jobSchema.array().parse(await page1.json());
    expect(rows1.map((j) => j.id)).toEqual([first.id]);
    expect(Number(page1.headers.get(TOTAL_COUNT_HEADER))).toBeGreaterThanOrEqual(2);
    const next = /<([^>]+)>; rel="next"/.exec(page1.headers.get('Link') ?? '')?.[1];
    expect(next).toBe(`/api/jobs?status=unscheduled&after=${first.id}&limit=1`);
    const rows2 = jobSchema.array().parse(await (await server().get(next!)).json());
    expect(rows2.map((j) => j.id)).toEqual([second.id]);

    const res = await book(first.id, { date: '2026-11-25', time: '9:00 AM', crewId: CREW_1 });
    expect(res.status).toBe(201);
    const visit = (await res.json()) as { id: number; kind: string; jobId: number; durationMinutes: number };
    expect(visit).toMatchObject({ kind: 'job', jobId: first.id, durationMinutes: 180 });
    const tray = jobSchema.array().parse(await (await server().get('/api/jobs?status=unscheduled')).json());
    expect(tray.map((j) => j.id)).not.toContain(first.id);

    const onBoard = (await board('2026-11-23', '2026-11-29')).find((v) => v.id === visit.id);
    expect(onBoard).toEqual({
      id: visit.id,
      kind: 'job',
      crewId: CREW_1,
      date: '2026-11-25',
      time: '9:00 AM',
      durationMinutes: 180,
      customerName: 'Mara Lindqvist',
      customerPhone: phone,
      address: '9 Alderpoint Road, Blocksburg',
      latitude: null,
      longitude: null,
      status: 'scheduled',
      title: 'House wash',
      jobId: first.id,
      jobStatus: 'scheduled',
      priceCents: 124_500,
    });
    // Booked twice is refused: the job has its visit.
    const again = await book(first.id, { date: '2026-11-26', time: '9:00 AM', crewId: CREW_1 });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(
      'This job is already scheduled: move its visit on the board instead',
    );
  });

  it('refuses a tray job into a slot its crew already works, or past closing time', async () => {
    const phone = await customer();
    const a = job(phone, 180);
    const b = job(phone, 60);
    expect((await book(a.id, { date: '2026-11-30', time: '9:00 AM', crewId: CREW_1 })).status).toBe(201);
    // 9:00 to 12:00 is taken: 11 AM overlaps, noon does not.
    const clash = await book(b.id, { date: '2026-11-30', time: '11:00 AM', crewId: CREW_1 });
    expect(clash.status).toBe(409);
    expect((await errorOf(clash)).code).toBe(SLOT_TAKEN_CODE);
    const late = job(phone, 120);
    const closed = await book(late.id, { date: '2026-11-30', time: '4:00 PM', crewId: CREW_1 });
    expect(closed.status).toBe(422);
    expect((await errorOf(closed)).message).toBe(
      'That time is outside business hours: a 2-hour visit at 4:00 PM on Mon, Nov 30 would not fit',
    );
    expect((await book(b.id, { date: '2026-11-30', time: '12:00 PM', crewId: CREW_1 })).status).toBe(201);
  });
});

describe('POST /api/schedule/visits/:id/move', () => {
  it('moves an estimate to another day and crew and tells the customer in their words', async () => {
    const phone = await customer();
    const crew = await addCrew('North crew');
    const id = await estimate(phone, '2026-11-24', '10:00 AM');
    const res = await move(id, { date: '2026-11-25', time: '1:00 PM', crewId: crew.id });
    expect(res.status).toBe(200);
    const moved = visitMovedSchema.parse(await res.json());
    expect(moved).toMatchObject({
      scheduledDate: '2026-11-25',
      preferredTime: '1:00 PM',
      crewId: crew.id,
      textQueued: true,
    });
    await office.at(MONDAY_9AM);
    expect(office.textsTo(phone).at(-1)).toBe(
      "Lost Coast Soft Wash: we've moved your free estimate to Wednesday, November 25 at 1:00 PM. Questions? Call us at (707) 555-0142.\nAll your quotes, visits and invoices: https://washdesk.example.com/account",
    );
    // Another crew, same day and hour: nothing the customer needs to hear.
    const sent = office.textsTo(phone).length;
    const crewOnly = await move(id, { date: '2026-11-25', time: '1:00 PM', crewId: CREW_1 });
    expect(visitMovedSchema.parse(await crewOnly.json())).toMatchObject({
      crewId: CREW_1,
      textQueued: false,
    });
    await office.at(MONDAY_9AM);
    expect(office.textsTo(phone)).toHaveLength(sent);
  });

  it("a job's move names the job, and moving it back and forth tells the customer each time", async () => {
    const phone = await customer();
    const j = job(phone, 60);
    const visit = (await (
      await book(j.id, { date: '2026-12-01', time: '8:00 AM', crewId: CREW_1 })
    ).json()) as { id: number };
    expect((await move(visit.id, { date: '2026-12-02', time: '8:00 AM', crewId: CREW_1 })).status).toBe(200);
    expect((await move(visit.id, { date: '2026-12-01', time: '8:00 AM', crewId: CREW_1 })).status).toBe(200);
    await office.at(MONDAY_9AM);
    expect(office.textsTo(phone).slice(-2)).toEqual([
      "Lost Coast Soft Wash: we've moved your house wash to Wednesday, December 2 at 8:00 AM. Questions? Call us at (707) 555-0142.\nAll your quotes, visits and invoices: https://washdesk.example.com/account",
      "Lost Coast Soft Wash: we've moved your house wash to Tuesday, December 1 at 8:00 AM. Questions? Call us at (707) 555-0142.\nAll your quotes, visits and invoices: https://washdesk.example.com/account",
    ]);
  });

  it('refuses a clash on the crew, a closed hour, the past, a done or cancelled visit, and an unknown or retired crew', async () => {
    const phone = await customer();
    const long = job(phone, 240);
    expect((await book(long.id, { date: '2026-12-03', time: '8:00 AM', crewId: CREW_1 })).status).toBe(201);
    const id = await estimate(phone, '2026-12-04', '9:00 AM');

    const refusals: [Record<string, unknown>, number, string | RegExp][] = [
      // 8:00 to 12:00 on crew 1: 11 AM overlaps.
      [{ date: '2026-12-03', time: '11:00 AM', crewId: CREW_1 }, 409, /already booked/],
      // Saturday: closed all day.
      [
        { date: '2026-12-05', time: '10:00 AM', crewId: CREW_1 },
        422,
        'That time is outside business hours: a 30-minute visit at 10:00 AM on Sat, Dec 5 would not fit',
      ],
      // Yesterday, and today at an hour already begun (it is 9:00 AM).
      [{ date: '2026-11-22', time: '10:00 AM', crewId: CREW_1 }, 422, PAST_DATE_MESSAGE],
      [{ date: '2026-11-23', time: '8:00 AM', crewId: CREW_1 }, 422, PAST_TIME_MESSAGE],
      [
        { date: '2026-12-04', time: '10:00 AM', crewId: 9999 },
        422,
        'There is no such crew: choose one on the board',
      ],
    ];
    for (const [body, status, message] of refusals) {
      const res = await move(id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await errorOf(res)).message, JSON.stringify(body)).toMatch(message);
    }
    // The same hour on another crew is free.
    const other = await addCrew('South crew', '#D1980B');
    expect((await move(id, { date: '2026-12-03', time: '11:00 AM', crewId: other.id })).status).toBe(200);
    // Retired: the crew's visit goes back to crew 1 first, then the crew retires and takes no move.
    expect((await move(id, { date: '2026-12-03', time: '1:00 PM', crewId: CREW_1 })).status).toBe(200);
    expect((await server().send('PATCH', `/api/crews/${other.id}`, { active: false })).status).toBe(200);
    const retired = await move(id, { date: '2026-12-04', time: '1:00 PM', crewId: other.id });
    expect(retired.status).toBe(422);
    expect((await errorOf(retired)).message).toBe('South crew is retired: choose an active crew');

    const cancelled = await estimate(phone, '2026-12-07', '9:00 AM');
    await server().send('PUT', `/api/appointments/${cancelled}`, {
      status: 'cancelled',
      cancelReason: 'Sold the house',
    });
    const res = await move(cancelled, { date: '2026-12-08', time: '9:00 AM', crewId: CREW_1 });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe('This visit is cancelled: only a scheduled visit can be moved');
    expect((await move(987654, { date: '2026-12-08', time: '9:00 AM', crewId: CREW_1 })).status).toBe(404);
    // Only the two accepted moves told the customer of a move (the bookings' confirmations aside).
    await office.at(MONDAY_9AM);
    expect(office.textsTo(phone).filter((text) => !text.includes(' is booked for '))).toEqual([
      "Lost Coast Soft Wash: we've moved your free estimate to Thursday, December 3 at 11:00 AM. Questions? Call us at (707) 555-0142.\nAll your quotes, visits and invoices: https://washdesk.example.com/account",
      "Lost Coast Soft Wash: we've moved your free estimate to Thursday, December 3 at 1:00 PM. Questions? Call us at (707) 555-0142.\nAll your quotes, visits and invoices: https://washdesk.example.com/account",
    ]);
  });
});

describe("POST /api/jobs/:id/status: the job's day", () => {
  it('goes scheduled → on the way (the customer is texted) → in progress → done (the visit is completed), one step at a time', async () => {
    const phone = await customer();
    const j = job(phone, 60);
    const visit = (await (
      await book(j.id, { date: '2026-11-23', time: '2:00 PM', crewId: CREW_1 })
    ).json()) as { id: number };
    const step = (status: string) => server().send('POST', `/api/jobs/${j.id}/status`, { status });

    const skip = await step('done');
    expect(skip.status).toBe(409);
    expect((await errorOf(skip)).message).toBe(
      'This job is Scheduled: its next step is On the way, not Done.',
    );

    expect(jobSchema.parse(await (await step('on_the_way')).json()).status).toBe('on_the_way');
    await office.at(MONDAY_9AM);
    expect(office.textsTo(phone).at(-1)).toBe(
      "Lost Coast Soft Wash: we're on our way for your house wash. See you soon!\nAll your quotes, visits and invoices: https://washdesk.example.com/account",
    );
    // Under way, the visit stays where it is.
    expect((await move(visit.id, { date: '2026-11-24', time: '2:00 PM', crewId: CREW_1 })).status).toBe(409);
    expect((await step('in_progress')).status).toBe(200);
    expect((await step('done')).status).toBe(200);
    const done = (await (await server().get(`/api/appointments/${visit.id}`)).json()) as { status: string };
    expect(done.status).toBe('completed');
    const after = await step('on_the_way');
    expect(after.status).toBe(409);
    expect((await errorOf(after)).message).toBe('This job is Done: it has no next step on the board.');
    expect((await server().send('POST', '/api/jobs/987654/status', { status: 'on_the_way' })).status).toBe(
      404,
    );
  });
});

describe('crews (Settings → Crews)', () => {
  it('validates a name and a colour, renames, keeps at most five active and at least one, and never retires a crew with work ahead', async () => {
    const invalid: [Record<string, unknown>, string, string][] = [
      [{ name: '  ', color: '#112233' }, 'name', 'Give the crew a name'],
      [{ name: 'x'.repeat(41), color: '#112233' }, 'name', "Keep the crew's name to 40 characters"],
      [{ name: 'Crew A', color: 'red' }, 'color', 'Choose a colour like #2D72D2'],
      [{ name: 'Crew A', color: '#12345' }, 'color', 'Choose a colour like #2D72D2'],
      [{ name: 'Crew\u0007A', color: '#123456' }, 'name', 'Remove the control characters from this text'],
    ];
    for (const [body, field, message] of invalid) {
      const res = await server().send('POST', '/api/crews', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).fields?.[field]).toBe(message);
    }
    const res = await server().send('PATCH', '/api/crews/1', { name: 'Day crew', color: '#abcdef' });
    expect(crewSchema.parse(await res.json())).toMatchObject({
      name: 'Day crew',
      color: '#ABCDEF',
      active: true,
    });

    const active = async () =>
      crewSchema
        .array()
        .parse(await (await server().get('/api/crews')).json())
        .filter((c) => c.active);
    while ((await active()).length < MAX_CREWS) await addCrew(`Extra ${(await active()).length}`);
    const sixth = await server().send('POST', '/api/crews', { name: 'One too many', color: '#000000' });
    expect(sixth.status).toBe(409);
    expect((await errorOf(sixth)).message).toBe(TOO_MANY_CREWS);

    // Day crew has visits ahead (booked above): it cannot retire until they move.
    const busy = await server().send('PATCH', '/api/crews/1', { active: false });
    expect(busy.status).toBe(409);
    expect((await errorOf(busy)).message).toMatch(
      /^Day crew still has \d+ visits? to come: move them to another crew first$/,
    );
    const idle = (await active()).filter((c) => c.id !== CREW_1);
    for (const crew of idle)
      expect(
        (await server().send('PATCH', `/api/crews/${crew.id}`, { active: false })).status,
        crew.name,
      ).toBe(200);
    expect((await active()).map((c) => c.id)).toEqual([CREW_1]);
    // Retired crews stay listed (their past visits name them).
    expect(crewSchema.array().parse(await (await server().get('/api/crews')).json()).length).toBeGreaterThan(
      1,
    );
    // The last active crew: the board needs one.
    expect((await errorOf(await server().send('PATCH', '/api/crews/1', { active: false }))).message).toBe(
      LAST_CREW,
    );
  });
});
