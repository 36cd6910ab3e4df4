import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { planJobTitleIn, type PublicPlanVisit, type ServicePlan } from '@washdesk/contract';
import { startFakeSmtp, type FakeSmtp } from '../test/fake-smtp.ts';
import { startTextingServer, type TextingServer } from '../test/texting-server.ts';
import { HOUSE_AND_GUTTERS, manualTimer, textingCustomer } from './plan-test-rig.ts';
import { SEASON_AHEAD_DAYS } from './plan-season.ts';

// A plan through the real server on the injected clock: staff make it on the customer's record,
// the season makes its job, the reminder goes through the outbox (a fake Twilio and a fake SMTP
// on 127.0.0.1) when the month comes, and its link lets the customer pick a slot that books the
// job's visit. The season's timer is fired by the test.

/** Monday 23 November 2026, 9:00 AM in California. */
const NOV_23_9AM = Date.parse('2026-11-23T17:00:00Z');
/** Friday 1 January 2027, 9:00 AM in California (PST): the plan's first due instant. */
const JAN_1_9AM = Date.parse('2027-01-01T17:00:00Z');
const DAY = 86_400_000;

const season = manualTimer();
let office: TextingServer;
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  office = await startTextingServer({
    start: NOV_23_9AM,
    env: { SMTP_URL: smtp.url, QUOTE_FROM_EMAIL: 'office@lostcoast-softwash.example' },
    planSeasonTimer: season.timer,
  });
});
afterAll(async () => {
  await office.stop();
  await smtp.close();
  // The feature's stop() cancelled its next pass: nothing runs on a closed database.
  expect(season.waiting()).toBe(0);
});
beforeEach(() => {
  office.now.ms = NOV_23_9AM;
});
afterEach(() => expect(office.server.errors).toEqual([]));

const jobsOf = (planId: number) =>
  office.server.db
    .prepare(
      'SELECT id, due_month, status, price_cents, duration_minutes, title FROM jobs WHERE plan_id = ? ORDER BY due_month',
    )
    .all(planId) as {
    id: number;
    due_month: string;
    status: string;
    price_cents: number;
    duration_minutes: number;
    title: string;
  }[];
const remindersOf = (jobId: number) =>
  office.server.db
    .prepare(
      "SELECT channel, state AS status, due_at FROM outbox_messages WHERE template = 'plan-reminder' AND about = ? ORDER BY channel, id",
    )
    .all(`job:${jobId}`) as { channel: string; status: string; due_at: string }[];
const tokenIn = (text: string) => /\/plan-visit\/([A-Za-z0-9_-]{43})\b/.exec(text)?.[1];
const makePlan = async (customerId: number, body: unknown = HOUSE_AND_GUTTERS) =>
  office.server.send('POST', `/api/customers/${customerId}/service-plans`, body);

describe('a service plan', () => {
  it('is made on the customer’s record as an RFC 5545 rule in the business’s zone, with its next due dates', async () => {
    const { id } = await textingCustomer(office);
    const res = await makePlan(id);
    expect(res.status).toBe(201);
    const plan = (await res.json()) as ServicePlan;
    expect(plan).toMatchObject({
      customerId: id,
      everyYears: 1,
      month: 1,
      // November is past January's turn: the first is next year's.
      startYear: 2027,
      timeZone: 'America/Los_Angeles',
      rule: 'DTSTART;TZID=America/Los_Angeles:20270101T090000\nRRULE:FREQ=YEARLY;INTERVAL=1;BYMONTH=1;BYMONTHDAY=1',
      title: 'house wash and gutter cleaning',
      priceCents: 60_050,
      status: 'active',
      nextDue: ['2027-01-01', '2028-01-01', '2029-01-01'],
    });
    const listed = (await (
      await office.server.get(`/api/customers/${id}/service-plans`)
    ).json()) as ServicePlan[];
    expect(listed.map((p) => p.id)).toEqual([plan.id]);
  });

  it('makes each due month in the season one unscheduled job with its reminder, once however often it runs', async () => {
    const { id } = await textingCustomer(office, 'Ana Ruiz', 'ana@example.com');
    const plan = (await (await makePlan(id)).json()) as ServicePlan;
    // January 2027 is 39 days away: inside the season.
    const [job] = jobsOf(plan.id);
    expect(jobsOf(plan.id)).toEqual([
      {
        id: job!.id,
        due_month: '2027-01',
        status: 'unscheduled',
        price_cents: 60_050,
        duration_minutes: 180,
        title: 'house wash and gutter cleaning',
      },
    ]);
    const due = new Date(JAN_1_9AM).toISOString();
    expect(remindersOf(job!.id)).toEqual([
      { channel: 'email', status: 'pending', due_at: due },
      { channel: 'text', status: 'pending', due_at: due },
    ]);
    // The timer's passes and a second server's pass make nothing twice.
    expect(season.fire()).toBeGreaterThan(0);
    season.fire();
    expect(jobsOf(plan.id)).toHaveLength(1);
    expect(remindersOf(job!.id)).toHaveLength(2);
    // In September 2027 the next January enters the season (120 days ahead), and only it.
    office.now.ms = Date.parse('2027-09-01T17:00:00Z');
    season.fire();
    expect(jobsOf(plan.id).map((j) => j.due_month)).toEqual(['2027-01']);
    office.now.ms = Date.parse('2028-01-01T17:00:00Z') - SEASON_AHEAD_DAYS * DAY;
    season.fire();
    season.fire();
    expect(jobsOf(plan.id).map((j) => j.due_month)).toEqual(['2027-01', '2028-01']);
  });

  it('heals a run that crashed between the job and its reminder, and the database refuses a second job', async () => {
    const { id } = await textingCustomer(office, 'Rae Quinn');
    const plan = (await (await makePlan(id)).json()) as ServicePlan;
    const [job] = jobsOf(plan.id);
    // As if the process died after the job's row and before its reminder was queued: no row
    // holds the reminder's key (the text thread keeps the old row, so it is renamed, not deleted).
    office.server.db
      .prepare(
        "UPDATE outbox_messages SET idempotency_key = idempotency_key || ':lost', state = 'cancelled' WHERE about = ?",
      )
      .run(`job:${job!.id}`);
    season.fire();
    season.fire();
    expect(jobsOf(plan.id).map((j) => j.id)).toEqual([job!.id]);
    expect(remindersOf(job!.id).map((r) => [r.channel, r.status])).toEqual([
      ['text', 'cancelled'],
      ['text', 'pending'],
    ]);
    expect(() =>
      office.server.db
        .prepare(
          `INSERT INTO jobs (customer_name, customer_phone, address, title, price_cents, duration_minutes,
            plan_id, due_month, created_at, updated_at) VALUES ('x', '', 'y', 'z', 0, 60, ?, '2027-01', '', '')`,
        )
        .run(plan.id),
    ).toThrow(/UNIQUE constraint failed: jobs.plan_id, jobs.due_month/);
  });

  it('asks the customer to pick a slot when due; the pick books the job’s visit for its duration', async () => {
    const { id, phone } = await textingCustomer(office, 'Sam Okafor');
    const plan = (await (
      await makePlan(id, { ...HOUSE_AND_GUTTERS, durationMinutes: 120 })
    ).json()) as ServicePlan;
    const [job] = jobsOf(plan.id);
    // Nothing before the due instant, then the text with the link.
    await office.at(JAN_1_9AM - 60_000);
    expect(office.textsTo(phone).filter((t) => t.includes('/plan-visit/'))).toEqual([]);
    await office.at(JAN_1_9AM);
    const text = office.textsTo(phone).find((t) => t.includes('/plan-visit/'))!;
    expect(text).toMatch(
      /^Lost Coast Soft Wash: Hi Sam, your house wash and gutter cleaning is due this January 2027\. Pick a day and time that suit you: https:\/\/washdesk\.example\.com\/plan-visit\/[A-Za-z0-9_-]{43}\nAll your quotes, visits and invoices: https:\/\/washdesk\.example\.com\/account$/,
    );
    const token = tokenIn(text)!;

    const page = await (await office.server.anonymous.get(`/api/public/plan-visits/${token}`)).json();
    expect(page).toMatchObject({
      customerFirstName: 'Sam',
      title: 'house wash and gutter cleaning',
      dueMonth: '2027-01',
      durationMinutes: 120,
      priceCents: 60_050,
      booked: null,
    });
    // From the due day on, and today's hours already begun are not offered.
    expect(page.days[0].date).toBe('2027-01-01');
    expect(page.days[0].times).not.toContain('9:00 AM');
    const slot = { date: page.days[1].date as string, time: page.days[1].times[0] as string };

    const picked = await office.server.anonymous.send('POST', `/api/public/plan-visits/${token}/pick`, slot);
    expect(picked.status).toBe(200);
    expect(await picked.json()).toEqual(slot);
    expect(jobsOf(plan.id)[0]!.status).toBe('scheduled');
    const visit = office.server.db
      .prepare(
        'SELECT kind, job_id, duration_minutes, scheduled_date, preferred_time, status, source, crew_id IS NOT NULL AS on_a_crew FROM appointments WHERE job_id = ?',
      )
      .get(job!.id);
    expect(visit).toEqual({
      kind: 'job',
      job_id: job!.id,
      duration_minutes: 120,
      scheduled_date: slot.date,
      preferred_time: slot.time,
      status: 'scheduled',
      source: 'web',
      // The booking rules found the crew free for the job's whole length.
      on_a_crew: 1,
    });
    // The page now says it is booked; a second pick changes nothing.
    const again = await (await office.server.anonymous.get(`/api/public/plan-visits/${token}`)).json();
    expect(again).toMatchObject({ booked: slot, days: [] });
    const second = await office.server.anonymous.send('POST', `/api/public/plan-visits/${token}/pick`, slot);
    expect(second.status).toBe(409);
    expect(office.server.count('appointments')).toBeGreaterThan(0);
    expect(
      office.server.db.prepare('SELECT COUNT(*) AS n FROM appointments WHERE job_id = ?').get(job!.id),
    ).toEqual({ n: 1 });
  });

  it('sends no reminder to a customer who texted STOP', async () => {
    const { id, phone } = await textingCustomer(office, 'Lee Park');
    const plan = (await (await makePlan(id)).json()) as ServicePlan;
    const [job] = jobsOf(plan.id);
    expect((await office.customerTexts(phone, 'STOP')).status).toBe(200);
    await office.at(JAN_1_9AM + 60_000);
    expect(office.textsTo(phone).filter((t) => t.includes('/plan-visit/'))).toEqual([]);
    expect(remindersOf(job!.id)).toEqual([expect.objectContaining({ channel: 'text', status: 'cancelled' })]);
  });

  it('says the plan’s title in a Spanish customer’s language in the reminder and on their page; staff read English', async () => {
    const { id, phone } = await textingCustomer(office, 'Rosa Méndez', 'rosa.plan@example.com');
    // She wrote in Spanish: stored once on her record (issue 37), every channel speaks it.
    expect((await office.customerTexts(phone, 'Hola, ¿pueden lavar la casa otra vez este año?')).status).toBe(200);
    const plan = (await (await makePlan(id)).json()) as ServicePlan;
    const [job] = jobsOf(plan.id);
    await office.at(JAN_1_9AM);
    const text = office.textsTo(phone).find((t) => t.includes('/plan-visit/'))!;
    expect(text).toMatch(
      /^Lost Coast Soft Wash: Hola Rosa, su lavado de casa y limpieza de canaletas toca este enero de 2027\. Elija el día y la hora que le convengan: https:\/\/washdesk\.example\.com\/plan-visit\/[A-Za-z0-9_-]{43}\?lang=es\n/,
    );
    const mail = office.server.db
      .prepare(
        "SELECT subject, body FROM outbox_messages WHERE template = 'plan-reminder' AND channel = 'email' AND about = ?",
      )
      .get(`job:${job!.id}`) as { subject: string; body: string };
    expect(mail.subject).toBe('Es hora de su lavado de casa y limpieza de canaletas');
    expect(mail.body).toContain('su lavado de casa y limpieza de canaletas toca este enero de 2027');
    expect(`${mail.subject} ${mail.body} ${text}`).not.toMatch(/house wash|gutter cleaning/i);

    // Her page gets the job's services, which it names in its own language (the contract's rule).
    const page = (await (
      await office.server.anonymous.get(`/api/public/plan-visits/${tokenIn(text)!}`)
    ).json()) as PublicPlanVisit;
    expect(page).toMatchObject({ title: 'house wash and gutter cleaning', services: ['House Wash', 'Gutter Cleaning'] });
    const lines = page.services.map((service) => ({ service }));
    expect(planJobTitleIn({ title: page.title, lineItems: lines }, 'es')).toBe(
      'lavado de casa y limpieza de canaletas',
    );
    expect(planJobTitleIn({ title: page.title, lineItems: lines }, 'en')).toBe('house wash and gutter cleaning');

    // Staff's screens keep our English: the plan's card and the job.
    const plans = (await (await office.server.get(`/api/customers/${id}/service-plans`)).json()) as ServicePlan[];
    expect(plans.map((p) => p.title)).toEqual(['house wash and gutter cleaning']);
    expect(job!.title).toBe('house wash and gutter cleaning');
  });

  it('is changed and stopped: waiting jobs of months it no longer has are cancelled, with their reminders', async () => {
    const { id } = await textingCustomer(office, 'Kim Ng');
    const plan = (await (await makePlan(id)).json()) as ServicePlan;
    const [january] = jobsOf(plan.id);
    // Every two years in December, from this year: December 2026 is due now.
    const changed = await office.server.send('PUT', `/api/customers/${id}/service-plans/${plan.id}`, {
      ...HOUSE_AND_GUTTERS,
      everyYears: 2,
      month: 12,
      services: [{ service: 'roof-cleaning', amountCents: 90_000 }],
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      everyYears: 2,
      month: 12,
      startYear: 2026,
      title: 'roof cleaning',
      priceCents: 90_000,
      nextDue: ['2026-12-01', '2028-12-01', '2030-12-01'],
    });
    expect(jobsOf(plan.id).map((j) => [j.due_month, j.status, j.price_cents])).toEqual([
      ['2026-12', 'unscheduled', 90_000],
      ['2027-01', 'cancelled', 60_050],
    ]);
    // At once, not only when it would have gone: the timeline never shows a reminder that will not go.
    expect(remindersOf(january!.id).map((r) => r.status)).toEqual(['cancelled']);

    const stopped = await office.server.send('POST', `/api/customers/${id}/service-plans/${plan.id}/stop`);
    expect(await stopped.json()).toMatchObject({ status: 'stopped', nextDue: [] });
    expect(jobsOf(plan.id).map((j) => j.status)).toEqual(['cancelled', 'cancelled']);
    // A stopped plan makes no more jobs and is not changed.
    season.fire();
    expect(jobsOf(plan.id)).toHaveLength(2);
    const refused = await office.server.send(
      'PUT',
      `/api/customers/${id}/service-plans/${plan.id}`,
      HOUSE_AND_GUTTERS,
    );
    expect(refused.status).toBe(409);
  });
});
