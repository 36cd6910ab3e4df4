import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { crewRepository } from '../crews/crew.repository.ts';
import { startTextingServer, type TextingServer } from '../test/texting-server.ts';
import { bookVisit } from '../test/schedule-tools-rig.ts';

// A rain day over real HTTP, SQLite and the twilio SDK against a fake Twilio, on a clock the test
// moves: the preview says every customer's new time and text; sending moves them all at once and
// holds the texts for the 10-minute undo window; undo within it puts everything back and no text
// goes; after it, undo is refused and the texts go.

// Monday 30 November 2026, 8 AM in California. The rain is on Tuesday; Wednesday is free.
const NOW = Date.parse('2026-11-30T16:00:00Z');
const RAIN = '2026-12-01';
const DRY = '2026-12-02';
const MINUTE = 60_000;

const CUSTOMERS = [
  {
    name: 'Ann Lee',
    phone: '+17075550121',
    address: '100 Redwood Dr, Garberville, CA 95542',
    time: '9:00 AM',
  },
  { name: 'Bo Park', phone: '+17075550122', address: '55 Main St, Redway, CA 95560', time: '11:00 AM' },
  {
    name: 'Cy Ortiz',
    phone: '+17075550123',
    address: '9 Shelter Cove Rd, Whitethorn, CA 95589',
    time: '1:00 PM',
  },
];

describe('a rain day', () => {
  let office: TextingServer;
  const ids: number[] = [];
  const visit = async (id: number) => (await office.server.get(`/api/appointments/${id}`)).json();
  beforeAll(async () => {
    office = await startTextingServer({ start: NOW });
    for (const c of CUSTOMERS) ids.push((await bookVisit(office.server, { ...c, date: RAIN })).id);
    // Cy replied STOP once: a rain day never texts them, and the preview says so.
    await office.customerTexts(CUSTOMERS[2]!.phone, 'STOP');
    await office.at(NOW);
  });
  afterAll(() => office.stop());
  afterEach(() => expect(office.server.errors).toEqual([]));

  it('previews every new time and the exact text, says who is not texted, and changes nothing', async () => {
    const res = await office.server.send('POST', '/api/schedule/rain-day/preview', {
      date: RAIN,
      toDate: DRY,
    });
    expect(res.status).toBe(200);
    const plan = await res.json();
    expect(plan.unplaced).toBe(0);
    expect(plan.moves.map((m: { to: unknown }) => m.to)).toEqual(
      CUSTOMERS.map((c) => ({ date: DRY, time: c.time, crewId: 1 })),
    );
    expect(plan.moves[0].message).toEqual({
      texted: true,
      to: '+17075550121',
      body:
        "Lost Coast Soft Wash: Hi Ann, because of the weather we've moved your free estimate from " +
        'Tuesday, December 1 at 9:00 AM to Wednesday, December 2 at 9:00 AM. ' +
        "Reply or call (707) 555-0142 if that time doesn't suit you.\n" +
        'All your quotes, visits and invoices: https://washdesk.example.com/account',
      sendsAt: new Date(NOW + 10 * MINUTE).toISOString(),
    });
    expect(plan.moves[2].message).toMatchObject({ texted: false, reason: 'The customer replied STOP' });
    for (const id of ids) expect((await visit(id)).scheduledDate).toBe(RAIN);
  });

  it('sends in one go, holds the texts for the undo window, and undo puts every visit back and cancels them', async () => {
    const res = await office.server.send('POST', '/api/schedule/rain-day', { date: RAIN, toDate: DRY });
    expect(res.status).toBe(201);
    const applied = await res.json();
    expect(applied.undoId).toMatch(/^[0-9a-f]{32}$/);
    expect(applied.undoUntil).toBe(new Date(NOW + 10 * MINUTE).toISOString());
    for (const id of ids) expect((await visit(id)).scheduledDate).toBe(DRY);
    // Nothing goes before the window closes.
    await office.at(NOW + 9 * MINUTE);
    expect(office.textsTo(CUSTOMERS[0]!.phone)).toEqual([]);

    const undo = await office.server.send('POST', `/api/schedule/rain-day/${applied.undoId}/undo`, {
      date: RAIN,
    });
    expect(undo.status).toBe(200);
    expect(await undo.json()).toEqual({
      undoId: applied.undoId,
      restored: 3,
      cancelledTexts: 2,
      corrected: 0,
    });
    for (const [i, id] of ids.entries())
      expect(await visit(id)).toMatchObject({
        scheduledDate: RAIN,
        preferredTime: CUSTOMERS[i]!.time,
        crewId: 1,
      });
    await office.at(NOW + 30 * MINUTE);
    for (const c of CUSTOMERS) expect(office.textsTo(c.phone)).toEqual([]);
  });

  it('after 10 minutes undo is refused clearly, and the texts have gone', async () => {
    office.now.ms = NOW + 40 * MINUTE;
    const applied = await (
      await office.server.send('POST', '/api/schedule/rain-day', { date: RAIN, toDate: DRY })
    ).json();
    await office.at(NOW + 50 * MINUTE);
    expect(office.textsTo(CUSTOMERS[0]!.phone)).toEqual([applied.moves[0].message.body]);
    expect(office.textsTo(CUSTOMERS[2]!.phone)).toEqual([]);
    const late = await office.server.send('POST', `/api/schedule/rain-day/${applied.undoId}/undo`, {});
    expect(late.status).toBe(409);
    expect((await late.json()).error).toEqual({
      code: 'undo_expired',
      message:
        'The 10 minutes to undo this rain day have passed: the customers have been told. Move visits one by one instead.',
    });
    for (const id of ids) expect((await visit(id)).scheduledDate).toBe(DRY);
  });
});

describe('a rain day to each customer’s next free slot', () => {
  let office: TextingServer;
  beforeAll(async () => {
    office = await startTextingServer({ start: NOW });
  });
  afterAll(() => office.stop());
  afterEach(() => expect(office.server.errors).toEqual([]));

  it('takes the earliest free slot on the customer’s crew or another, never two visits in one slot', async () => {
    const crews = crewRepository(office.server.db);
    const second = crews.create({ name: 'Crew 2', color: '#238551' });
    // Wednesday's 8 AM on crew 1 is taken; the rained-out visits are two 8 AM estimates.
    await bookVisit(office.server, { ...CUSTOMERS[0]!, name: 'Dry Customer', date: DRY, time: '8:00 AM' });
    const a = await bookVisit(office.server, { ...CUSTOMERS[1]!, date: RAIN, time: '8:00 AM' });
    const b = await bookVisit(office.server, { ...CUSTOMERS[2]!, date: RAIN, time: '8:00 AM' });
    const plan = await (
      await office.server.send('POST', '/api/schedule/rain-day/preview', { date: RAIN, toDate: 'next-free' })
    ).json();
    const to = Object.fromEntries(plan.moves.map((m: { visitId: number; to: unknown }) => [m.visitId, m.to]));
    // Crew 2 is free at 8 on Wednesday: both cannot have it; the second takes the next free one.
    expect(to[a.id]).toEqual({ date: DRY, time: '8:00 AM', crewId: second.id });
    expect(to[b.id]).not.toEqual(to[a.id]);
    expect(to[b.id].date).toBe(DRY);
    const applied = await office.server.send('POST', '/api/schedule/rain-day', {
      date: RAIN,
      toDate: 'next-free',
    });
    expect(applied.status).toBe(201);
    expect(await (await office.server.get(`/api/appointments/${a.id}`)).json()).toMatchObject({
      scheduledDate: DRY,
      preferredTime: '8:00 AM',
      crewId: second.id,
    });
  });

  it('refuses to send when a visit has no free slot on the chosen day, moving nothing', async () => {
    const FULL = '2026-12-03';
    const times = [
      '8:00 AM',
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '12:00 PM',
      '1:00 PM',
      '2:00 PM',
      '3:00 PM',
      '4:00 PM',
    ];
    for (const crewId of [1, 2])
      for (const time of times) {
        const v = await bookVisit(office.server, {
          ...CUSTOMERS[0]!,
          name: `Busy ${crewId} ${time}`,
          date: FULL,
          time,
        });
        if (crewId === 2)
          office.server.db.prepare('UPDATE appointments SET crew_id = 2 WHERE id = ?').run(v.id);
      }
    const wet = await bookVisit(office.server, { ...CUSTOMERS[1]!, date: '2026-12-04', time: '9:00 AM' });
    const res = await office.server.send('POST', '/api/schedule/rain-day', {
      date: '2026-12-04',
      toDate: FULL,
    });
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('rain_day_unplaced');
    expect((await (await office.server.get(`/api/appointments/${wet.id}`)).json()).scheduledDate).toBe(
      '2026-12-04',
    );
  });
});
