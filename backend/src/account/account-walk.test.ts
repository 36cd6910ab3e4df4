import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS, type CustomerAccount, type PublicVisit } from '@washdesk/contract';
import { HOUSE_AND_GUTTERS, manualTimer, textingCustomer } from '../service-plans/plan-test-rig.ts';
import { signedInCookie } from '../test/account-sign-in.ts';
import { startTextingServer, type TextingServer } from '../test/texting-server.ts';

// The rest of what the customer does from their own page (issue 36, item 2), over HTTP on the real
// server and SQLite file, from the signed-in cookie on: a visit opened from the account is
// confirmed, moved only to a free time within open hours, and cancelled with a reason; the plan's
// "book this year's wash" picks a slot that books the job; a message lands on the office's text
// thread and inbox; and nothing of another customer's opens. Each action is its owner's own page
// (the visit page, the plan-visit page), reached by a fresh link the account makes for the person.

/** Monday 23 November 2026, 9:00 AM in California. */
const NOV_23_9AM = Date.parse('2026-11-23T17:00:00Z');
const season = manualTimer();
let office: TextingServer;
beforeAll(async () => {
  office = await startTextingServer({ start: NOV_23_9AM, planSeasonTimer: season.timer });
});
afterAll(() => office.stop());
afterEach(() => expect(office.server.errors).toEqual([]));

const as = (cookie: string) => ({
  account: async () =>
    (await (
      await fetch(`${office.server.url}/api/public/account`, { headers: { Cookie: cookie } })
    ).json()) as CustomerAccount,
  post: (path: string, body: unknown) =>
    fetch(`${office.server.url}/api/public/account/${path}`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
});
const anonymous = () => office.server.anonymous;

async function bookVisit(phone: string, date: string, time: string) {
  const res = await office.server.send('POST', '/api/appointments/create', {
    customerName: 'Dana Whitfield',
    customerPhone: phone,
    address: '512 Redwood Drive, Garberville',
    serviceType: 'house-wash',
    preferredDate: date,
    preferredTime: time,
    allowOverlap: true,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

describe('from the account page', () => {
  it('a visit is confirmed, moved only to a free time in open hours, and cancelled with a reason', async () => {
    const dana = await textingCustomer(office, 'Dana Whitfield');
    const me = as(await signedInCookie(office.server, dana.id, office.now.ms));
    const id = await bookVisit(dana.phone, '2026-11-26', '10:00 AM');
    expect((await me.account()).visits).toEqual([
      expect.objectContaining({
        id,
        date: '2026-11-26',
        time: '10:00 AM',
        status: 'scheduled',
        changeable: true,
      }),
    ]);
    const opened = await me.post('open', { kind: 'visit', id });
    expect(opened.status).toBe(200);
    const { url } = (await opened.json()) as { url: string };
    const token = /^\/visit\/([A-Za-z0-9_-]{43})$/.exec(url)![1]!;
    const visitApi = (action = '') => `/api/public/visits/${token}${action && `/${action}`}`;

    const confirmed = await anonymous().send('POST', visitApi('confirm'));
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as PublicVisit).answer?.answer).toBe('confirmed');

    const page = (await (await anonymous().get(visitApi())).json()) as PublicVisit;
    // Only free times inside the open hours are offered; anything else is refused.
    const slot = { date: page.freeSlots[1]!.date, time: page.freeSlots[1]!.times[0]! };
    expect(
      (await anonymous().send('POST', visitApi('reschedule'), { ...slot, time: '11:00 PM' })).status,
    ).toBe(400);
    const moved = await anonymous().send('POST', visitApi('reschedule'), slot);
    expect(moved.status).toBe(200);
    expect((await me.account()).visits[0]).toMatchObject({ date: slot.date, time: slot.time });

    const cancelled = await anonymous().send('POST', visitApi('cancel'), { reason: 'We sold the house' });
    expect(cancelled.status).toBe(204);
    expect(
      office.server.db.prepare('SELECT status, cancel_reason FROM appointments WHERE id = ?').get(id),
    ).toEqual({ status: 'cancelled', cancel_reason: 'Cancelled by the customer: We sold the house' });
    expect((await me.account()).visits[0]).toMatchObject({ status: 'cancelled', changeable: false });
  });

  it('the plan’s “book this year’s wash” picks a slot that books the job', async () => {
    const sam = await textingCustomer(office, 'Sam Okafor');
    const me = as(await signedInCookie(office.server, sam.id, office.now.ms));
    const made = await office.server.send(
      'POST',
      `/api/customers/${sam.id}/service-plans`,
      HOUSE_AND_GUTTERS,
    );
    expect(made.status).toBe(201);
    const [plan] = (await me.account()).plans;
    expect(plan).toMatchObject({ title: 'house wash and gutter cleaning', everyYears: 1, month: 1 });
    expect(plan!.due).not.toBeNull();

    const opened = await me.post('open', { kind: 'plan-visit', id: plan!.due!.jobId });
    expect(opened.status).toBe(200);
    const token = /^\/plan-visit\/([A-Za-z0-9_-]{43})$/.exec(
      ((await opened.json()) as { url: string }).url,
    )![1]!;
    const page = (await (await anonymous().get(`/api/public/plan-visits/${token}`)).json()) as {
      days: { date: string; times: string[] }[];
    };
    const slot = { date: page.days[1]!.date, time: page.days[1]!.times[0]! };
    const picked = await anonymous().send('POST', `/api/public/plan-visits/${token}/pick`, slot);
    expect(picked.status).toBe(200);
    const after = await me.account();
    expect(after.plans[0]!.due).toBeNull();
    expect(after.visits).toEqual([
      expect.objectContaining({ date: slot.date, time: slot.time, status: 'scheduled', changeable: true }),
    ]);
  });

  it('a message lands on the customer’s text thread in the office’s inbox', async () => {
    const ana = await textingCustomer(office, 'Ana Berg');
    const me = as(await signedInCookie(office.server, ana.id, office.now.ms));
    expect((await me.post('messages', { message: 'Can you also do the fence?' })).status).toBe(201);
    const threads = (await (await office.server.get('/api/texts/threads')).json()) as {
      id: number;
      phone: string;
      customerId: number;
    }[];
    const thread = threads.find((t) => t.phone === ana.phone)!;
    expect(thread.customerId).toBe(ana.id);
    const shown = await (await office.server.get(`/api/texts/threads/${thread.id}`)).json();
    expect(JSON.stringify(shown)).toContain('Can you also do the fence?');
    // Staff hear of it as of a text.
    expect(
      office.server.db
        .prepare(
          "SELECT summary FROM events WHERE type = 'text.received' AND entity_id = ? ORDER BY id DESC LIMIT 1",
        )
        .get(thread.id),
    ).toEqual({ summary: 'New message from a customer\u2019s account page' });
  });

  it('opens nothing of another customer’s', async () => {
    const mine = await textingCustomer(office, 'Mara Lind');
    const theirs = await textingCustomer(office, 'Otto Quist');
    const visit = await bookVisit(theirs.phone, '2026-11-27', '1:00 PM');
    const plan = await office.server.send(
      'POST',
      `/api/customers/${theirs.id}/service-plans`,
      HOUSE_AND_GUTTERS,
    );
    const jobId = (
      office.server.db
        .prepare('SELECT id FROM jobs WHERE plan_id = ?')
        .get(((await plan.json()) as { id: number }).id) as {
        id: number;
      }
    ).id;
    const me = as(await signedInCookie(office.server, mine.id, office.now.ms));
    for (const tried of [
      { kind: 'visit', id: visit },
      { kind: 'plan-visit', id: jobId },
    ]) {
      const refused = await me.post('open', tried);
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        ACCOUNT_TEXTS.notYours,
      );
    }
    expect((await me.account()).visits).toEqual([]);
  });
});
