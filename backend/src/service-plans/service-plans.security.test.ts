import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLAN_MESSAGES, PLAN_VISIT_REFUSALS, type ServicePlan } from '@washdesk/contract';
import { startTextingServer, type TextingServer } from '../test/texting-server.ts';
import { HOUSE_AND_GUTTERS, manualTimer, textingCustomer } from './plan-test-rig.ts';

// Attacks on service plans: another customer's plan id, rules, months and prices that are not
// ones, a staff route without a session, and slot-pick keys that were forged, altered or used on
// a slot the page never offered.

const NOV_23_9AM = Date.parse('2026-11-23T17:00:00Z');
const JAN_1_9AM = Date.parse('2027-01-01T17:00:00Z');
let office: TextingServer;
beforeAll(async () => {
  office = await startTextingServer({ start: NOV_23_9AM, planSeasonTimer: manualTimer().timer });
});
afterAll(() => office.stop());
beforeEach(() => {
  office.now.ms = NOV_23_9AM;
});
afterEach(() => expect(office.server.errors).toEqual([]));

const plansUrl = (customerId: number) => `/api/customers/${customerId}/service-plans`;
const planRow = (id: number) => office.server.db.prepare('SELECT * FROM service_plans WHERE id = ?').get(id);

describe('another customer’s plan', () => {
  it('cannot be changed, stopped or listed through a different customer’s record', async () => {
    const a = await textingCustomer(office, 'Ana Ruiz');
    const b = await textingCustomer(office, 'Ben Ortiz');
    const plan = (await (
      await office.server.send('POST', plansUrl(a.id), HOUSE_AND_GUTTERS)
    ).json()) as ServicePlan;
    const before = planRow(plan.id);
    const put = await office.server.send('PUT', `${plansUrl(b.id)}/${plan.id}`, {
      ...HOUSE_AND_GUTTERS,
      month: 6,
    });
    expect(put.status).toBe(404);
    const stop = await office.server.send('POST', `${plansUrl(b.id)}/${plan.id}/stop`);
    expect(stop.status).toBe(404);
    expect(planRow(plan.id)).toEqual(before);
    expect(await (await office.server.get(plansUrl(b.id))).json()).toEqual([]);
    // Ids that are not canonical name no record; a customer that does not exist has no plans.
    expect((await office.server.send('PUT', `${plansUrl(a.id)}/0${plan.id}`, HOUSE_AND_GUTTERS)).status).toBe(
      404,
    );
    expect((await office.server.send('POST', plansUrl(999_999), HOUSE_AND_GUTTERS)).status).toBe(404);
  });

  it('is not reachable without a staff session', async () => {
    const a = await textingCustomer(office, 'Cy Twombly');
    expect((await office.server.anonymous.get(plansUrl(a.id))).status).toBe(401);
    expect((await office.server.anonymous.send('POST', plansUrl(a.id), HOUSE_AND_GUTTERS)).status).toBe(401);
  });
});

describe('a plan that is not one', () => {
  const refused: [string, unknown, string, string][] = [
    ['every 0 years', { ...HOUSE_AND_GUTTERS, everyYears: 0 }, 'everyYears', PLAN_MESSAGES.everyYears],
    ['every 11 years', { ...HOUSE_AND_GUTTERS, everyYears: 11 }, 'everyYears', PLAN_MESSAGES.everyYears],
    ['every 1.5 years', { ...HOUSE_AND_GUTTERS, everyYears: 1.5 }, 'everyYears', PLAN_MESSAGES.everyYears],
    ['month 13', { ...HOUSE_AND_GUTTERS, month: 13 }, 'month', PLAN_MESSAGES.month],
    ['month 0', { ...HOUSE_AND_GUTTERS, month: 0 }, 'month', PLAN_MESSAGES.month],
    ['month as text', { ...HOUSE_AND_GUTTERS, month: 'FREQ=DAILY' }, 'month', PLAN_MESSAGES.month],
    [
      'a negative price',
      { ...HOUSE_AND_GUTTERS, services: [{ service: 'house-wash', amountCents: -1 }] },
      'services.0.amountCents',
      PLAN_MESSAGES.amount,
    ],
    [
      'a price in dollars',
      { ...HOUSE_AND_GUTTERS, services: [{ service: 'house-wash', amountCents: 450.5 }] },
      'services.0.amountCents',
      PLAN_MESSAGES.amount,
    ],
    [
      'a price as text',
      { ...HOUSE_AND_GUTTERS, services: [{ service: 'house-wash', amountCents: '45000' }] },
      'services.0.amountCents',
      PLAN_MESSAGES.amount,
    ],
    ['no service', { ...HOUSE_AND_GUTTERS, services: [] }, 'services', PLAN_MESSAGES.services],
    [
      'an unknown service',
      { ...HOUSE_AND_GUTTERS, services: [{ service: 'RRULE:FREQ=SECONDLY', amountCents: 1 }] },
      'services.0.service',
      PLAN_MESSAGES.service,
    ],
    [
      'a duration of 5 minutes',
      { ...HOUSE_AND_GUTTERS, durationMinutes: 5 },
      'durationMinutes',
      PLAN_MESSAGES.duration,
    ],
  ];
  it.each(refused)(
    'refuses %s with the field’s message, storing nothing',
    async (_what, body, field, message) => {
      const a = await textingCustomer(office, 'Dee Lane');
      const plansBefore = office.server.count('service_plans');
      const res = await office.server.send('POST', plansUrl(a.id), body);
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields[field]).toBe(message);
      expect(office.server.count('service_plans')).toBe(plansBefore);
    },
  );

  it('is not made for a customer without an address (nowhere to send the crew)', async () => {
    const a = await textingCustomer(office, 'Gil Moss');
    await office.server.send('PUT', `/api/customers/${a.id}`, {
      name: 'Gil Moss',
      phone: a.phone,
      address: '',
    });
    const res = await office.server.send('POST', plansUrl(a.id), HOUSE_AND_GUTTERS);
    expect(res.status).toBe(422);
    expect((await res.json()).error.message).toBe(PLAN_MESSAGES.noAddress);
  });

  it('never takes a rule from the client: a sent `rule` is ignored, the stored one is built from the choices', async () => {
    const a = await textingCustomer(office, 'Eve Stone');
    const res = await office.server.send('POST', plansUrl(a.id), {
      ...HOUSE_AND_GUTTERS,
      rule: 'DTSTART:20260101T000000Z\nRRULE:FREQ=SECONDLY',
      timeZone: 'Etc/GMT+12',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      rule: 'DTSTART;TZID=America/Los_Angeles:20270101T090000\nRRULE:FREQ=YEARLY;INTERVAL=1;BYMONTH=1;BYMONTHDAY=1',
      timeZone: 'America/Los_Angeles',
    });
  });
});

describe('the slot-pick link', () => {
  async function dueLink() {
    const a = await textingCustomer(office, 'Flo Grant');
    const plan = (await (
      await office.server.send('POST', plansUrl(a.id), HOUSE_AND_GUTTERS)
    ).json()) as ServicePlan;
    await office.at(JAN_1_9AM);
    const text = office.textsTo(a.phone).find((t) => t.includes('/plan-visit/'))!;
    const token = /\/plan-visit\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;
    return { token, plan };
  }
  const open = (token: string) => office.server.anonymous.get(`/api/public/plan-visits/${token}`);
  const pick = (token: string, slot: unknown) =>
    office.server.anonymous.send('POST', `/api/public/plan-visits/${token}/pick`, slot);

  it('opens nothing with a forged, altered or malformed key, and books nothing', async () => {
    const { token } = await dueLink();
    const page = await (await open(token)).json();
    const slot = { date: page.days[1].date, time: page.days[1].times[0] };
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const appointmentsBefore = office.server.count('appointments');
    for (const bad of [randomBytes(32).toString('base64url'), altered, 'short', `${token}x`]) {
      const res = await open(bad);
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toBe(PLAN_VISIT_REFUSALS.notFound);
      expect((await pick(bad, slot)).status).toBe(404);
    }
    expect(office.server.count('appointments')).toBe(appointmentsBefore);
  });

  it('books only a slot the page offers: not a closed hour, a day out of range or a taken slot', async () => {
    const { token } = await dueLink();
    const page = await (await open(token)).json();
    for (const slot of [
      { date: page.days[1].date, time: '3:00 AM' },
      { date: '2027-06-01', time: '9:00 AM' },
      { date: '2026-12-31', time: '9:00 AM' },
      { date: page.days[0].date, time: '8:00 AM' },
    ]) {
      const res = await pick(token, slot);
      expect(res.status).toBe(409);
      expect((await res.json()).error.message).toBe(PLAN_VISIT_REFUSALS.taken);
    }
    expect((await pick(token, { date: 'tomorrow', time: '9:00 AM' })).status).toBe(400);
    // Another plan's customer takes a slot; it is no longer offered nor bookable on this link.
    const other = await dueLink();
    const taken = { date: page.days[1].date, time: page.days[1].times[0] };
    expect((await pick(other.token, taken)).status).toBe(200);
    expect(
      (await (await open(token)).json()).days.find((d: { date: string }) => d.date === taken.date)?.times ??
        [],
    ).not.toContain(taken.time);
    expect((await pick(token, taken)).status).toBe(409);
  });

  it('closes once the plan is stopped', async () => {
    const { token, plan } = await dueLink();
    await office.server.send('POST', `/api/customers/${plan.customerId}/service-plans/${plan.id}/stop`);
    expect((await open(token)).status).toBe(404);
  });
});
