import { afterEach, describe, expect, it } from 'vitest';
import {
  customerSummarySchema,
  DUPLICATE_NOT_OPEN,
  possibleDuplicateSchema,
  type CustomerSummary,
} from '@washdesk/contract';
import { PHONE_ENV, phoneCaller } from '../test/phone-caller.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// Issue 21, item 12: a record is joined only when identity agrees — the same e-mail, or the same
// phone and a compatible name; otherwise a new record, with "possibly the same as …" on both.
let server: TestServer;
afterEach(async () => {
  expect(server.errors).toEqual([]);
  await server.stop();
});

const request = async (name: string, phone: string, email: string) => {
  const [firstName, ...rest] = name.split(' ');
  const res = await server.anonymous.send('POST', '/api/service-requests', {
    firstName,
    lastName: rest.join(' ') || '-',
    email,
    phone,
    address: '512 Redwood Drive',
    city: 'Garberville',
    serviceType: 'house-washing',
    urgency: 'week',
    description: 'Green streaks on the north side',
  });
  expect(res.status, name).toBe(201);
};
const appointment = async (
  customerName: string,
  customerPhone: string,
  customerEmail: string | null = null,
) => {
  const res = await server.send('POST', '/api/appointments/create', {
    customerName,
    customerPhone,
    customerEmail,
    address: '512 Redwood Drive, Garberville',
    serviceType: 'house-wash',
    preferredDate: '2099-06-15',
    preferredTime: '10:00 AM',
    allowOverlap: true,
  });
  expect(res.status, customerName).toBe(201);
};
const records = async (q = ''): Promise<CustomerSummary[]> => {
  const res = await server.get(`/api/customers?limit=100${q && `&q=${encodeURIComponent(q)}`}`);
  expect(res.status).toBe(200);
  return customerSummarySchema
    .strict()
    .array()
    .parse(await res.json());
};
const named = async (q: string) => (await records(q)).map((c) => c.name).sort();
/** Two strangers who gave one number (a household's landline): their two records. */
const owenAndMayaOnOneNumber = async () => {
  await request('Owen Greer', '(707) 555-0142', 'owen@example.com');
  await request('Maya Brooks', '707-555-0142', 'maya@example.com');
  const [[owen], [maya]] = [await records('Owen Greer'), await records('Maya Brooks')];
  return { owen: owen!, maya: maya! };
};
const suggestions = async (id: number) => {
  const res = await server.get(`/api/customers/${id}/possible-duplicates`);
  expect(res.status).toBe(200);
  return possibleDuplicateSchema
    .strict()
    .array()
    .parse(await res.json());
};

describe('matching a new arrival to a customer record', () => {
  it('joins on the same e-mail, whatever the name and phone', async () => {
    server = await startTestServer();
    await request('Dana Whitfield', '(707) 555-0123', 'dana@example.com');
    await appointment('Dana W.', '(530) 555-0999', 'DANA@example.com');
    const [dana] = await records();
    expect((await records()).length).toBe(1);
    expect(dana).toMatchObject({ name: 'Dana Whitfield', counts: { request: 1, appointment: 1 } });
    expect(await suggestions(dana!.id)).toEqual([]);
  });

  it('joins on the same phone when the names are compatible: same, either missing, a prefix or an initial', async () => {
    server = await startTestServer({ env: PHONE_ENV });
    await request('Dana Whitfield', '(707) 555-0123', 'dana@example.com');
    for (const name of ['dana  whitfield', 'Dana', 'D. Whitfield', 'Dana W', 'DANA WHITFIELD'])
      await appointment(name, '707.555.0123');
    // A caller's number with no name yet.
    await phoneCaller(server.url, '+17075550123').dial();
    const all = await records();
    expect(all).toHaveLength(1);
    expect(all[0]!.counts).toMatchObject({ request: 1, appointment: 5, call: 1 });
  });

  it('joins a known nickname of the first name on the same phone, and keeps an unknown one apart', async () => {
    server = await startTestServer();
    await request('Robert Greer', '(707) 555-0150', 'robert@example.com');
    await appointment('Bob Greer', '707-555-0150');
    await appointment('Rob', '707-555-0150');
    await appointment('Roberta Greer', '707-555-0150');
    expect((await records('555-0150')).map((c) => [c.name, c.counts.appointment])).toEqual([
      ['Roberta Greer', 1],
      ['Robert Greer', 2],
    ]);
  });

  it('keeps a different name on a known phone apart, and suggests the pair on both records', async () => {
    server = await startTestServer();
    const { owen, maya } = await owenAndMayaOnOneNumber();
    // Neither a different first name with the same last name, nor the same first name with another.
    await appointment('Nora Greer', '707 555 0142');
    await appointment('Owen Whitfield', '707 555 0142');
    expect(await records('Owen Greer')).toMatchObject([
      { email: 'owen@example.com', counts: { request: 1 } },
    ]);
    expect(await records('Maya Brooks')).toMatchObject([
      { email: 'maya@example.com', counts: { request: 1 } },
    ]);
    expect(await named('555-0142')).toEqual(['Maya Brooks', 'Nora Greer', 'Owen Greer', 'Owen Whitfield']);

    const forOwen = await suggestions(owen.id);
    expect(forOwen.map((s) => [s.customer.name, s.reason])).toEqual([
      ['Maya Brooks', 'same phone (707) 555-0142'],
    ]);
    // Newest first.
    expect((await suggestions(maya.id)).map((s) => [s.customer.name, s.reason])).toEqual([
      ['Nora Greer', 'same phone (707) 555-0142'],
      ['Owen Greer', 'same phone (707) 555-0142'],
    ]);
  });

  it('puts a nameless call on a shared number with the newest record there, and moves it once the caller is named', async () => {
    server = await startTestServer({ env: PHONE_ENV });
    await owenAndMayaOnOneNumber();
    await phoneCaller(server.url, '+17075550142').dial();
    expect((await records('Maya Brooks'))[0]!.counts.call).toBe(1);
    // The assistant learns the caller's name (as a booking names the call).
    server.db.prepare("UPDATE calls SET customer_name = 'Owen Greer'").run();
    expect((await records('Owen Greer'))[0]!.counts.call).toBe(1);
    expect((await records('Maya Brooks'))[0]!.counts.call).toBe(0);
  });

  it('a merge of a suggested pair settles it on both records, and search finds every name used', async () => {
    server = await startTestServer();
    const { owen, maya } = await owenAndMayaOnOneNumber();
    const merged = await server.send('POST', `/api/customers/${owen.id}/merge`, { otherId: maya.id });
    expect(merged.status).toBe(200);
    expect(await suggestions(owen.id)).toEqual([]);
    // Search finds the person by every name they used, and says which other names.
    for (const q of ['Owen Greer', 'Maya Brooks', 'Brooks', 'maya@example'])
      expect(
        (await records(q)).map((c) => [c.id, c.otherNames]),
        q,
      ).toEqual([[owen.id, ['Maya Brooks']]]);
  });

  it('"Not the same person" dismisses the pair for good; a second dismissal is refused', async () => {
    server = await startTestServer();
    const { owen, maya } = await owenAndMayaOnOneNumber();
    const dismiss = () => server.send('DELETE', `/api/customers/${maya.id}/possible-duplicates/${owen.id}`);
    expect((await dismiss()).status).toBe(204);
    expect(await suggestions(owen.id)).toEqual([]);
    expect(await suggestions(maya.id)).toEqual([]);
    const again = await dismiss();
    expect(again.status).toBe(404);
    expect((await again.json()).error.message).toBe(DUPLICATE_NOT_OPEN);
    // Maya writes again from the shared number: still her own record, and not suggested again.
    await request('Maya Brooks', '(707) 555-0142', 'maya@example.com');
    expect(await suggestions(maya.id)).toEqual([]);
    expect((await records('Maya Brooks'))[0]!.counts.request).toBe(2);
    for (const path of [
      `/api/customers/${maya.id}/possible-duplicates/0x1`,
      `/api/customers/9999/possible-duplicates/${owen.id}`,
    ])
      expect((await server.send('DELETE', path)).status, path).toBe(404);
    expect((await server.anonymous.get(`/api/customers/${maya.id}/possible-duplicates`)).status).toBe(401);
  });
});
