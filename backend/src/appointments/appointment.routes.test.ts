import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CANCEL_REASON_REQUIRED,
  PAST_DATE_MESSAGE,
  PAST_TIME_MESSAGE,
  SLOT_TAKEN_CODE,
  TOTAL_COUNT_HEADER,
  appointmentSchema,
  appointmentSummarySchema,
  errorBodySchema,
  type Appointment,
} from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectInvalid, expectNotFound } from '../test/expect-errors.ts';
import { addDays } from '../time.ts';

// The server's clock stands at noon on Monday 2 March 2026 in the business's time zone (California).
const NOW = Date.parse('2026-03-02T20:00:00Z');
const TODAY = '2026-03-02';

const oneSchema = appointmentSchema.strict();
const listSchema = oneSchema.array();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: () => NOW });
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

const valid = {
  customerName: 'Rosa Delgado',
  customerPhone: '(707) 555-0199',
  customerEmail: 'Rosa@Example.com',
  address: '44 Elk Ridge Rd, Redway, CA',
  serviceType: 'roof-cleaning',
  preferredDate: '2026-06-15',
  preferredTime: '10:00 AM',
  notes: 'Gate code 1234',
};

// Most tests book the same slot again and again; the slot rule has its own tests below.
const create = async (over: Record<string, unknown> = {}): Promise<Appointment> => {
  const res = await server.send('POST', '/api/appointments/create', {
    ...valid,
    allowOverlap: true,
    ...over,
  });
  expect(res.status).toBe(201);
  return oneSchema.parse(await res.json());
};

/** A visit booked back when its date was still ahead: today's API refuses past dates, so it goes in directly. */
const bookedEarlier = (name: string, date: string, status = 'completed') =>
  Number(
    server.db
      .prepare(
        `INSERT INTO appointments (customer_name, customer_phone, address, service_type,
        scheduled_date, preferred_time, status, created_at, updated_at)
        VALUES (?, '7075550100', '1 Main Street', 'house-wash', ?, '9:00 AM', ?, ?, ?)`,
      )
      .run(name, date, status, new Date(NOW).toISOString(), new Date(NOW).toISOString()).lastInsertRowid,
  );

const fetchOne = async (id: number) => {
  const res = await server.get(`/api/appointments/${id}`);
  expect(res.status).toBe(200);
  return oneSchema.parse(await res.json());
};

const listOf = async (query: string) => {
  const res = await server.get(`/api/appointments${query}`);
  expect(res.status).toBe(200);
  return { rows: listSchema.parse(await res.json()), total: res.headers.get(TOTAL_COUNT_HEADER) };
};

describe('POST /api/appointments/create', () => {
  it('creates a scheduled staff appointment on the preferred date (201)', async () => {
    const before = server.count('appointments');
    const appt = await create();
    expect(appt).toMatchObject({
      customerName: 'Rosa Delgado',
      customerPhone: '(707) 555-0199',
      customerEmail: 'rosa@example.com',
      address: '44 Elk Ridge Rd, Redway, CA',
      serviceType: 'roof-cleaning',
      scheduledDate: '2026-06-15',
      preferredTime: '10:00 AM',
      status: 'scheduled',
      source: 'staff',
      estimateAmount: null,
      notes: 'Gate code 1234',
      callId: null,
      cancelReason: null,
    });
    expect(server.count('appointments')).toBe(before + 1);
    expect(await fetchOne(appt.id)).toEqual(appt);
  });

  it('stores an empty customerEmail (and missing notes) as null', async () => {
    const appt = await create({ customerEmail: '', notes: undefined });
    expect(appt.customerEmail).toBeNull();
    expect(appt.notes).toBeNull();
    expect((await fetchOne(appt.id)).customerEmail).toBeNull();
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    ['a blank customer name', { customerName: '  ' }, 'customerName', 'Customer name is required'],
    ['a 9-character phone', { customerPhone: '707555012' }, 'customerPhone', 'Valid phone number required'],
    ['a 4-character address', { address: '12 A' }, 'address', 'Complete address is required'],
    ['a missing service type', { serviceType: undefined }, 'serviceType', 'Service type is required'],
    ['an unknown service type', { serviceType: 'car-wash' }, 'serviceType', 'Service type is required'],
    ['a missing preferred date', { preferredDate: undefined }, 'preferredDate', 'Preferred date is required'],
    ['an empty preferred date', { preferredDate: '' }, 'preferredDate', 'Preferred date is required'],
    [
      'a date that does not exist',
      { preferredDate: '2026-02-30' },
      'preferredDate',
      'That date does not exist',
    ],
    ['a missing preferred time', { preferredTime: undefined }, 'preferredTime', 'Preferred time is required'],
    ['an invalid e-mail', { customerEmail: 'rosa@' }, 'customerEmail', 'Enter a valid e-mail address'],
  ];
  it.each(bad)('rejects %s with 400 and writes no row', async (_label, over, field, message) => {
    const before = server.count('appointments');
    await expectInvalid(
      await server.send('POST', '/api/appointments/create', { ...valid, ...over }),
      field,
      message,
    );
    expect(server.count('appointments')).toBe(before);
  });
});

describe('GET /api/appointments', () => {
  it('orders upcoming dates soonest first, with the total in X-Total-Count', async () => {
    const mar = await create({ preferredDate: '2030-03-01' });
    const may = await create({ preferredDate: '2030-05-10' });
    const apr = await create({ preferredDate: '2030-04-15' });
    const { rows, total } = await listOf('?from=2030-01-01&to=2030-12-31');
    expect(rows.map((a) => a.id)).toEqual([mar.id, apr.id, may.id]);
    expect(total).toBe('3');
  });

  it("puts today's visits first (by time of day), then upcoming soonest first, then past latest first", async () => {
    const tag = `Order ${Date.now()}`;
    const at = (date: string, time: string) => ({
      customerName: tag,
      preferredDate: date,
      preferredTime: time,
    });
    const past = (date: string) => bookedEarlier(tag, date);
    const lastWeek = past(addDays(TODAY, -7));
    const nextWeek = (await create(at(addDays(TODAY, 7), '9:00 AM'))).id;
    const todayAfternoon = (await create(at(TODAY, '2:00 PM'))).id;
    const yesterday = past(addDays(TODAY, -1));
    const tomorrow = (await create(at(addDays(TODAY, 1), '11:00 AM'))).id;
    // Booked earlier: this morning's hours have passed, so today's API refuses them.
    const todayMorning = bookedEarlier(tag, TODAY, 'scheduled');
    const { rows } = await listOf(`?q=${encodeURIComponent(tag)}`);
    expect(rows.map((a) => a.id)).toEqual([
      todayMorning,
      todayAfternoon,
      tomorrow,
      nextWeek,
      yesterday,
      lastWeek,
    ]);
    const firstPage = await listOf(`?q=${encodeURIComponent(tag)}&limit=3&offset=0`);
    expect(firstPage.rows.map((a) => a.id)).toEqual([todayMorning, todayAfternoon, tomorrow]);
  });

  it('filters by status and by an inclusive from/to date range', async () => {
    const a = await create({ preferredDate: '2031-04-01' });
    const b = await create({ preferredDate: '2031-04-30' });
    const c = await create({ preferredDate: '2031-05-01' });
    await server.send('PUT', `/api/appointments/${b.id}`, {
      status: 'cancelled',
      cancelReason: 'Customer asked',
    });
    const april = await listOf('?from=2031-04-01&to=2031-04-30');
    expect(april.rows.map((x) => x.id)).toEqual([a.id, b.id]);
    const cancelled = await listOf('?status=cancelled&from=2031-01-01&to=2031-12-31');
    expect(cancelled.rows.map((x) => x.id)).toEqual([b.id]);
    expect(cancelled.total).toBe('1');
    const scheduled = await listOf('?status=scheduled&from=2031-01-01');
    expect(scheduled.rows.map((x) => x.id)).toEqual([a.id, c.id]);
  });

  it('pages with limit and offset while X-Total-Count keeps the full total', async () => {
    const ids = [];
    for (const d of ['2032-01-01', '2032-01-02', '2032-01-03', '2032-01-04'])
      ids.push((await create({ preferredDate: d })).id);
    const page = await listOf('?from=2032-01-01&to=2032-01-31&limit=2&offset=1');
    expect(page.rows.map((a) => a.id)).toEqual([ids[1], ids[2]]);
    expect(page.total).toBe('4');
    const last = await listOf('?from=2032-01-01&to=2032-01-31&limit=2&offset=3');
    expect(last.rows.map((a) => a.id)).toEqual([ids[3]]);
  });

  it('rejects an unknown status, a bad date and a bad limit', async () => {
    await expectInvalid(await server.get('/api/appointments?status=done'), 'status', 'Unknown status');
    await expectInvalid(
      await server.get('/api/appointments?from=2026-13-01'),
      'from',
      'That date does not exist',
    );
    await expectInvalid(await server.get('/api/appointments?limit=0'), 'limit', 'limit must be at least 1');
  });
});

describe('GET /api/appointments/:id', () => {
  it('answers 404 for an unknown id and for a non-numeric one', async () => {
    await expectNotFound(await server.get('/api/appointments/987654'));
    await expectNotFound(await server.get('/api/appointments/abc'));
  });
});

describe('PUT /api/appointments/:id', () => {
  it('marks an appointment completed, and another cancelled', async () => {
    const done = await create();
    const res = await server.send('PUT', `/api/appointments/${done.id}`, { status: 'completed' });
    expect(res.status).toBe(200);
    expect(oneSchema.parse(await res.json())).toMatchObject({
      id: done.id,
      status: 'completed',
      scheduledDate: done.scheduledDate,
    });
    expect((await fetchOne(done.id)).status).toBe('completed');

    const off = await create();
    const res2 = await server.send('PUT', `/api/appointments/${off.id}`, {
      status: 'cancelled',
      cancelReason: 'Customer asked',
    });
    expect(res2.status).toBe(200);
    expect((await fetchOne(off.id)).status).toBe('cancelled');
  });

  it('changes the estimate amount and keeps other fields', async () => {
    const appt = await create();
    const res = await server.send('PUT', `/api/appointments/${appt.id}`, { estimateAmount: 450.5 });
    expect(res.status).toBe(200);
    const updated = oneSchema.parse(await res.json());
    expect(updated).toMatchObject({
      estimateAmount: 450.5,
      status: 'scheduled',
      customerName: appt.customerName,
    });
    expect((await fetchOne(appt.id)).estimateAmount).toBe(450.5);
  });

  it('rejects an empty body, a bad status and a negative amount, leaving the row unchanged', async () => {
    const appt = await create();
    await expectInvalid(
      await server.send('PUT', `/api/appointments/${appt.id}`, {}),
      '_',
      'Nothing to change',
    );
    await expectInvalid(
      await server.send('PUT', `/api/appointments/${appt.id}`, { status: 'done' }),
      'status',
      'Choose a valid status',
    );
    await expectInvalid(
      await server.send('PUT', `/api/appointments/${appt.id}`, { estimateAmount: -5 }),
      'estimateAmount',
      'Amount cannot be negative',
    );
    expect(await fetchOne(appt.id)).toEqual(appt);
  });

  it('answers 404 for an unknown id and for a non-numeric one', async () => {
    const before = server.count('appointments');
    await expectNotFound(await server.send('PUT', '/api/appointments/987654', { status: 'completed' }));
    await expectNotFound(await server.send('PUT', '/api/appointments/abc', { status: 'completed' }));
    expect(server.count('appointments')).toBe(before);
  });
});

describe('status moves', () => {
  it('puts a cancelled appointment back on the calendar', async () => {
    const appt = await create();
    await server.send('PUT', `/api/appointments/${appt.id}`, { status: 'cancelled', cancelReason: 'Rain' });
    const res = await server.send('PUT', `/api/appointments/${appt.id}`, {
      status: 'scheduled',
      allowOverlap: true,
    });
    expect(res.status).toBe(200);
    expect((await fetchOne(appt.id)).status).toBe('scheduled');
  });

  it.each([
    ['completed', 'cancelled', 'A completed appointment cannot be marked cancelled'],
    ['completed', 'scheduled', 'A completed appointment cannot be marked scheduled'],
    ['cancelled', 'completed', 'A cancelled appointment cannot be marked completed'],
  ])('refuses %s → %s with 409 and a clear message', async (from, to, message) => {
    const appt = await create();
    expect(
      (
        await server.send('PUT', `/api/appointments/${appt.id}`, {
          status: from,
          cancelReason: 'Customer asked',
        })
      ).status,
    ).toBe(200);
    const before = await fetchOne(appt.id);
    const res = await server.send('PUT', `/api/appointments/${appt.id}`, { status: to, notes: 'changed' });
    expect(res.status).toBe(409);
    const body = errorBodySchema.parse(await res.json());
    expect(body.error).toMatchObject({ code: 'conflict', message });
    expect(await fetchOne(appt.id)).toEqual(before);
  });

  it('still lets staff correct a completed appointment without changing its status', async () => {
    const appt = await create();
    await server.send('PUT', `/api/appointments/${appt.id}`, { status: 'completed' });
    const res = await server.send('PUT', `/api/appointments/${appt.id}`, {
      status: 'completed',
      estimateAmount: 300,
    });
    expect(res.status).toBe(200);
    expect(await fetchOne(appt.id)).toMatchObject({ status: 'completed', estimateAmount: 300 });
  });
});

describe('GET /api/appointments?when= and ?q=', () => {
  const today = TODAY;

  it("lists today's appointments, and upcoming ones soonest first from tomorrow", async () => {
    const tag = `When ${Date.now()}`;
    const yesterday = { id: bookedEarlier(`${tag} a`, addDays(today, -1), 'scheduled') };
    const onToday = await create({
      customerName: `${tag} b`,
      preferredDate: today,
      preferredTime: '3:00 PM',
    });
    const later = await create({ customerName: `${tag} c`, preferredDate: addDays(today, 9) });
    const tomorrow = await create({ customerName: `${tag} d`, preferredDate: addDays(today, 1) });
    const q = `&q=${encodeURIComponent(tag)}`;
    const todays = await listOf(`?when=today${q}`);
    expect(todays.rows.map((a) => a.id)).toEqual([onToday.id]);
    const upcoming = await listOf(`?when=upcoming${q}`);
    expect(upcoming.rows.map((a) => a.id)).toEqual([tomorrow.id, later.id]);
    expect(upcoming.total).toBe('2');
    const everything = await listOf(`?q=${encodeURIComponent(tag)}`);
    expect(everything.rows.map((a) => a.id)).toEqual([onToday.id, tomorrow.id, later.id, yesterday.id]);
  });

  it('searches name, phone and address, treating % and _ literally', async () => {
    const name = `Search_${Date.now()}`;
    const appt = await create({
      customerName: name,
      customerPhone: '(415) 555-7788',
      address: '9 Quail Hollow',
    });
    expect((await listOf(`?q=${name}`)).rows.map((a) => a.id)).toEqual([appt.id]);
    expect((await listOf(`?q=555-7788`)).rows.map((a) => a.id)).toContain(appt.id);
    expect((await listOf(`?q=quail hollow`)).rows.map((a) => a.id)).toContain(appt.id);
    expect((await listOf(`?q=${encodeURIComponent('%_')}`)).total).toBe('0');
  });

  it('rejects an unknown when with 400', async () => {
    await expectInvalid(
      await server.get('/api/appointments?when=yesterday'),
      'when',
      'when must be today or upcoming',
    );
  });
});

describe('GET /api/appointments/summary', () => {
  const readSummary = async () => {
    const res = await server.get('/api/appointments/summary');
    expect(res.status).toBe(200);
    return appointmentSummarySchema.strict().parse(await res.json());
  };

  it('counts every appointment by status, and today by the business calendar day', async () => {
    const today = TODAY;
    const before = await readSummary();
    expect(before.date).toBe(today);
    expect(before.total).toBe(server.count('appointments'));

    const done = await create({ preferredDate: today, preferredTime: '3:00 PM' });
    await server.send('PUT', `/api/appointments/${done.id}`, { status: 'completed' });
    const off = await create({ preferredDate: addDays(today, 2) });
    await server.send('PUT', `/api/appointments/${off.id}`, {
      status: 'cancelled',
      cancelReason: 'Customer asked',
    });
    await create({ preferredDate: today, preferredTime: '4:00 PM' });
    bookedEarlier('Summary', addDays(today, -1), 'scheduled');

    expect(await readSummary()).toEqual({
      total: before.total + 4,
      today: before.today + 2,
      scheduled: before.scheduled + 2,
      completed: before.completed + 1,
      cancelled: before.cancelled + 1,
      date: today,
    });
  });
});

describe('dates in the past', () => {
  it('refuses a date before today (in California) with 400 and writes no row; today is fine', async () => {
    const before = server.count('appointments');
    await expectInvalid(
      await server.send('POST', '/api/appointments/create', { ...valid, preferredDate: addDays(TODAY, -1) }),
      'preferredDate',
      PAST_DATE_MESSAGE,
    );
    expect(server.count('appointments')).toBe(before);
    expect(PAST_DATE_MESSAGE).toBe('Choose today or a later date');
    expect((await create({ preferredDate: TODAY, preferredTime: '2:00 PM' })).scheduledDate).toBe(TODAY);
  });

  it('refuses an hour of today that has begun on the business clock (noon in California), with the field named', async () => {
    const before = server.count('appointments');
    for (const preferredTime of ['8:00 AM', '11:00 AM', '12:00 PM'])
      await expectInvalid(
        await server.send('POST', '/api/appointments/create', {
          ...valid,
          preferredDate: TODAY,
          preferredTime,
        }),
        'preferredTime',
        PAST_TIME_MESSAGE,
      );
    expect(server.count('appointments')).toBe(before);
    expect((await create({ preferredDate: TODAY, preferredTime: '1:00 PM' })).preferredTime).toBe('1:00 PM');
    // Tomorrow at 8 is fine; so is 8 AM today in a zone where it is still early (UTC noon is 4 AM here).
    expect((await create({ preferredDate: addDays(TODAY, 1), preferredTime: '8:00 AM' })).id).toBeGreaterThan(
      0,
    );
    const early = await startTestServer({ clock: () => Date.parse('2026-03-02T12:00:00Z') });
    try {
      const res = await early.send('POST', '/api/appointments/create', {
        ...valid,
        preferredDate: TODAY,
        preferredTime: '8:00 AM',
      });
      expect(res.status).toBe(201);
    } finally {
      await early.stop();
    }
  });

  it("refuses moving a visit to an hour of today that has passed; marking this morning's visit completed is fine", async () => {
    const appt = await create({ preferredDate: addDays(TODAY, 3) });
    await expectInvalid(
      await server.send('PUT', `/api/appointments/${appt.id}`, {
        scheduledDate: TODAY,
        preferredTime: '9:00 AM',
      }),
      'preferredTime',
      PAST_TIME_MESSAGE,
    );
    expect(await fetchOne(appt.id)).toEqual(appt);
    const morning = bookedEarlier('This morning', TODAY, 'scheduled');
    const done = await server.send('PUT', `/api/appointments/${morning}`, { status: 'completed' });
    expect(done.status).toBe(200);
  });

  it('refuses a past hour when booking an estimate from the requests inbox too', async () => {
    const request = await server.anonymous.send('POST', '/api/service-requests', {
      firstName: 'Ines',
      lastName: 'Marlow',
      email: 'ines@example.com',
      phone: '707-555-0144',
      address: '9 Pine Street, Redway',
      serviceType: 'house-washing',
    });
    expect(request.status).toBe(201);
    const leads = (await (await server.get('/api/leads?q=Marlow')).json()) as { id: number }[];
    const before = server.count('appointments');
    await expectInvalid(
      await server.send('POST', `/api/leads/${leads[0]!.id}/estimate`, {
        ...valid,
        preferredDate: TODAY,
        preferredTime: '10:00 AM',
      }),
      'preferredTime',
      PAST_TIME_MESSAGE,
    );
    expect(server.count('appointments')).toBe(before);
  });

  it('uses the business calendar, not UTC: at 5 PM on 1 March in California it is already 2 March in UTC', async () => {
    const evening = await startTestServer({ clock: () => Date.parse('2026-03-02T01:00:00Z') });
    try {
      // 1 March is still today there (its hours are over, not its date); 2 March at 8 is tomorrow.
      await expectInvalid(
        await evening.send('POST', '/api/appointments/create', {
          ...valid,
          preferredDate: '2026-03-01',
          preferredTime: '4:00 PM',
        }),
        'preferredTime',
        PAST_TIME_MESSAGE,
      );
      const res = await evening.send('POST', '/api/appointments/create', {
        ...valid,
        preferredDate: '2026-03-02',
        preferredTime: '8:00 AM',
      });
      expect(res.status).toBe(201);
    } finally {
      await evening.stop();
    }
  });

  it('refuses moving a visit into the past, but lets staff edit a past visit without moving it', async () => {
    const appt = await create({ preferredDate: addDays(TODAY, 3) });
    await expectInvalid(
      await server.send('PUT', `/api/appointments/${appt.id}`, { scheduledDate: addDays(TODAY, -2) }),
      'scheduledDate',
      PAST_DATE_MESSAGE,
    );
    expect(await fetchOne(appt.id)).toEqual(appt);

    const old = bookedEarlier('Past visit', addDays(TODAY, -10));
    const res = await server.send('PUT', `/api/appointments/${old}`, {
      scheduledDate: addDays(TODAY, -10),
      estimateAmount: '1,250.50',
    });
    expect(res.status).toBe(200);
    expect(await fetchOne(old)).toMatchObject({ scheduledDate: addDays(TODAY, -10), estimateAmount: 1250.5 });
  });
});

describe('a slot already booked', () => {
  const slot = { preferredDate: '2026-04-07', preferredTime: '1:00 PM' };

  const expectClash = async (res: Response, message: string) => {
    expect(res.status).toBe(409);
    const body = errorBodySchema.parse(await res.json());
    expect(body.error).toEqual({ code: SLOT_TAKEN_CODE, message });
  };

  it('answers 409 naming the other booking, and books once staff confirm the overlap', async () => {
    const first = await create({ ...slot, customerName: 'Maya Lindqvist', allowOverlap: undefined });
    const before = server.count('appointments');
    await expectClash(
      await server.send('POST', '/api/appointments/create', { ...valid, ...slot }),
      'Maya Lindqvist is already booked on Tue, Apr 7, 2026 at 1:00 PM.',
    );
    expect(server.count('appointments')).toBe(before);

    const second = await create({ ...slot, allowOverlap: true });
    expect(second).toMatchObject({ scheduledDate: slot.preferredDate, preferredTime: slot.preferredTime });
    expect(second.id).not.toBe(first.id);
  });

  it('does not count a cancelled visit, another time, or another day', async () => {
    const day = { preferredDate: '2026-04-08', preferredTime: '9:00 AM' };
    const off = await create({ ...day, customerName: 'Called Off' });
    await server.send('PUT', `/api/appointments/${off.id}`, {
      status: 'cancelled',
      cancelReason: 'Moved away',
    });
    for (const other of [
      day,
      { ...day, preferredTime: '10:00 AM' },
      { ...day, preferredDate: '2026-04-09' },
    ]) {
      const res = await server.send('POST', '/api/appointments/create', { ...valid, ...other });
      expect(res.status).toBe(201);
    }
  });

  it('checks a move to another slot and putting a cancelled visit back, but not an edit that stays put', async () => {
    const holder = await create({
      preferredDate: '2026-04-10',
      preferredTime: '3:00 PM',
      customerName: 'Ana Holt',
    });
    const mover = await create({ preferredDate: '2026-04-10', preferredTime: '4:00 PM' });
    await expectClash(
      await server.send('PUT', `/api/appointments/${mover.id}`, { preferredTime: '3:00 PM' }),
      'Ana Holt is already booked on Fri, Apr 10, 2026 at 3:00 PM.',
    );
    expect((await fetchOne(mover.id)).preferredTime).toBe('4:00 PM');
    // Editing the holder's notes while it keeps its own slot is no clash with itself.
    expect((await server.send('PUT', `/api/appointments/${holder.id}`, { notes: 'Side gate' })).status).toBe(
      200,
    );
    const moved = await server.send('PUT', `/api/appointments/${mover.id}`, {
      preferredTime: '3:00 PM',
      allowOverlap: true,
    });
    expect(moved.status).toBe(200);

    const back = await create({ preferredDate: '2026-04-11', preferredTime: '8:00 AM' });
    await server.send('PUT', `/api/appointments/${back.id}`, { status: 'cancelled', cancelReason: 'Sick' });
    await create({ preferredDate: '2026-04-11', preferredTime: '8:00 AM', customerName: 'Took The Slot' });
    await expectClash(
      await server.send('PUT', `/api/appointments/${back.id}`, { status: 'scheduled' }),
      'Took The Slot is already booked on Sat, Apr 11, 2026 at 8:00 AM.',
    );
    expect((await fetchOne(back.id)).status).toBe('cancelled');
  });
});

describe('cancelling with a reason', () => {
  it('needs a reason, keeps it, and clears it when the visit is put back', async () => {
    const appt = await create({ preferredDate: '2026-05-01', preferredTime: '11:00 AM' });
    for (const body of [{ status: 'cancelled' }, { status: 'cancelled', cancelReason: '   ' }])
      await expectInvalid(
        await server.send('PUT', `/api/appointments/${appt.id}`, body),
        'cancelReason',
        CANCEL_REASON_REQUIRED,
      );
    expect((await fetchOne(appt.id)).status).toBe('scheduled');

    const res = await server.send('PUT', `/api/appointments/${appt.id}`, {
      status: 'cancelled',
      cancelReason: ' Customer sold the house ',
    });
    expect(res.status).toBe(200);
    expect(await fetchOne(appt.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Customer sold the house',
    });

    await server.send('PUT', `/api/appointments/${appt.id}`, { status: 'scheduled', allowOverlap: true });
    expect(await fetchOne(appt.id)).toMatchObject({ status: 'scheduled', cancelReason: null });
  });

  it('ignores a reason sent with a visit that is not being cancelled', async () => {
    const appt = await create({ preferredDate: '2026-05-02' });
    await server.send('PUT', `/api/appointments/${appt.id}`, { notes: 'x', cancelReason: 'stray' });
    expect((await fetchOne(appt.id)).cancelReason).toBeNull();
  });
});
