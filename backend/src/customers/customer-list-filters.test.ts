import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSummarySchema, customerTownSchema, TOTAL_COUNT_HEADER } from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// The Customers screen's list through the real server and SQLite (issue 33, item 8): customers
// arrive from booked visits, a completed visit is their last service, and the list filters by
// town and by last service, counted back from the business's today on the injected clock.

/** Monday 23 November 2026, 9:00 AM in California. */
const NOW = Date.parse('2026-11-23T17:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: () => NOW });
});
afterAll(async () => {
  expect(server.errors).toEqual([]);
  await server.stop();
});

async function visit(name: string, phone: string, address: string, date: string) {
  const res = await server.send('POST', '/api/appointments/create', {
    customerName: name,
    customerPhone: phone,
    address,
    serviceType: 'house-wash',
    preferredDate: date,
    preferredTime: '10:00 AM',
    allowOverlap: true,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
/** A visit done on `date` (booked ahead, then dated as the day it was done). */
async function servedOn(name: string, phone: string, address: string, date: string) {
  const id = await visit(name, phone, address, '2026-12-01');
  server.db.prepare('UPDATE appointments SET scheduled_date = ? WHERE id = ?').run(date, id);
  expect((await server.send('PUT', `/api/appointments/${id}`, { status: 'completed' })).status).toBe(200);
}
const list = async (query: string) => {
  const res = await server.get(`/api/customers?${query}`);
  expect(res.status).toBe(200);
  const rows = customerSummarySchema.array().parse(await res.json());
  return { names: rows.map((r) => r.name), rows, total: Number(res.headers.get(TOTAL_COUNT_HEADER)) };
};

describe('the Customers list', () => {
  beforeAll(async () => {
    await servedOn('Ann Bell', '(707) 555-0101', '7 Pine Lane, Miranda', '2026-06-10');
    await servedOn('Cal Dunn', '(707) 555-0102', '12 Fern Hollow Rd, Arcata, CA', '2025-05-02');
    await visit('Eve Ford', '(707) 555-0103', '3 Bay St, arcata', '2026-12-02');
    await visit('Gus Hale', '(707) 555-0104', '9 Main St', '2026-12-03');
  });

  it('names each customer’s town and last service', async () => {
    const { rows } = await list('limit=50');
    const ann = rows.find((r) => r.name === 'Ann Bell')!;
    expect(ann).toMatchObject({ town: 'Miranda', lastServiceDate: '2026-06-10' });
    expect(rows.find((r) => r.name === 'Gus Hale')).toMatchObject({ town: null, lastServiceDate: null });
  });

  it('filters by town in any case, and lists the towns with their counts', async () => {
    expect((await list('town=ARCATA')).names.sort()).toEqual(['Cal Dunn', 'Eve Ford']);
    expect((await list('town=Arcata')).total).toBe(2);
    const towns = customerTownSchema.array().parse(await (await server.get('/api/customers/towns')).json());
    expect(towns.map((t) => [t.town.toLowerCase(), t.customers])).toEqual([
      ['arcata', 2],
      ['miranda', 1],
    ]);
  });

  it('filters by last service: in the past year, more than a year ago, never', async () => {
    expect((await list('lastService=past-year')).names).toEqual(['Ann Bell']);
    expect((await list('lastService=over-a-year')).names).toEqual(['Cal Dunn']);
    expect((await list('lastService=never')).names.sort()).toEqual(['Eve Ford', 'Gus Hale']);
    expect((await list('lastService=never&town=arcata')).names).toEqual(['Eve Ford']);
    expect((await server.get('/api/customers?lastService=someday')).status).toBe(400);
  });

  it('pages with the total and the next page’s link', async () => {
    const first = await server.get('/api/customers?limit=2&offset=0');
    expect(first.headers.get(TOTAL_COUNT_HEADER)).toBe('4');
    expect(first.headers.get('link')).toContain('rel="next"');
    const second = await list('limit=2&offset=2');
    const firstNames = customerSummarySchema
      .array()
      .parse(await first.json())
      .map((r) => r.name);
    expect([...firstNames, ...second.names].sort()).toEqual(['Ann Bell', 'Cal Dunn', 'Eve Ford', 'Gus Hale']);
  });
});
