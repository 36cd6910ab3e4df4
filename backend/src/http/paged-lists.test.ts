import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '@washdesk/contract';
import { concretePath, registeredRoutes } from '../auth/route-walk.ts';
import { seedVolume } from '../demo/volume-data.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { pageLinks } from './lists.ts';
import { ledgerRepository } from '../payments/ledger.repository.ts';
import { invoiceRepository } from '../invoices/invoice.repository.ts';
import { disputeRepository } from '../disputes/dispute.repository.ts';
import { jobRepository } from '../jobs/job.repository.ts';

/** A dozen of each money row, written through their owners, so each money list has pages. */
function seedMoney(db: TestServer['db']) {
  const ledger = ledgerRepository(db);
  const invoices = invoiceRepository(db);
  const disputes = disputeRepository(db);
  const jobs = jobRepository(db);
  for (let i = 0; i < 12; i++) {
    const day = `2026-11-${String(1 + i).padStart(2, '0')}`;
    ledger.record({
      sourceKey: `manual:paged-${i}`,
      kind: 'payment',
      status: 'succeeded',
      method: i % 2 ? 'cash' : 'check',
      amountCents: 10_000 + i,
      occurredAt: `${day}T18:00:00.000Z`,
    });
    const job = jobs.create({
      customerName: `Paged ${i}`,
      customerPhone: '+17075550199',
      address: '1 Main St, Garberville',
      title: 'your house wash',
      durationMinutes: 120,
      lineItems: [{ service: 'House wash', areaSqFt: null, unitPriceCents: null, amountCents: 30_000 }],
    });
    invoices.createOnce({
      jobId: job.id,
      customerId: null,
      customerName: `Paged ${i}`,
      customerPhone: null,
      customerEmail: null,
      address: '1 Main St, Garberville',
      token: `paged-invoice-token-${i}-xxxxxxxxxxxxxxxxxxxxxxxx`,
      depositCreditedCents: 0,
      issuedOn: day,
      dueOn: day,
      lines: [{ service: 'House wash', description: null, amountCents: 30_000 }],
    });
    disputes.record({
      providerDisputeId: `du_paged_${i}`,
      amountCents: 5_000,
      status: 'needs_response',
      evidenceDueBy: `${day}T23:59:59.000Z`,
      openedAt: `${day}T12:00:00.000Z`,
    });
  }
}

// Issue 21, item 9: `GET /api/photo-submissions` answered 50 rows with `X-Total-Count: 56`, and a
// client written against the spec silently lost six. Every paged list now says where the rest is
// in a `Link` header (RFC 8288); a client that follows rel="next" gets every row exactly once.

let server: TestServer;
// The demo business, plus one busy customer: more submissions than the spec's client reads at once.
let busiestCustomer: number;
let longestThread: number;
beforeAll(async () => {
  server = await startTestServer({ env: { DEMO_DATA: 'on' } });
  seedVolume(server.db, { submissions: 30, calls: 10, appointments: 10 });
  seedMoney(server.db);
  const most = (sql: string) => (server.db.prepare(sql).get() as { id: number }).id;
  busiestCustomer = most(
    'SELECT customer_id AS id FROM customer_items GROUP BY customer_id ORDER BY COUNT(*) DESC LIMIT 1',
  );
  longestThread = most(
    'SELECT conversation_id AS id FROM messenger_messages GROUP BY conversation_id ORDER BY COUNT(*) DESC LIMIT 1',
  );
});
afterAll(() => server.stop());

/** `</api/x?limit=2&offset=2>; rel="next", …` → { next: '/api/x?limit=2&offset=2', … } */
function linksOf(res: Response): Record<string, string> {
  const header = res.headers.get('Link') ?? '';
  return Object.fromEntries(
    [...header.matchAll(/<([^>]*)>\s*;\s*rel="([^"]+)"/g)].map((m) => [m[2]!, m[1]!] as const),
  );
}

async function getList(url: string) {
  const res = await server.get(url);
  expect(res.status, url).toBe(200);
  return { res, rows: (await res.json()) as unknown[], total: Number(res.headers.get(TOTAL_COUNT_HEADER)) };
}

const offsetOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('offset') ?? 0);

/** Follows rel="next" from `start` to the end; every page checked on the way. */
async function walk(start: string) {
  const rows: unknown[] = [];
  const visited: string[] = [];
  let url: string | undefined = start;
  let total: number | undefined;
  while (url) {
    expect(visited, 'a next link that loops').not.toContain(url);
    visited.push(url);
    const page = await getList(url);
    total ??= page.total;
    expect(page.total, url).toBe(total);
    rows.push(...page.rows);
    const links = linksOf(page.res);
    expect(links.first, url).toBeDefined();
    expect(links.last, url).toBeDefined();
    if (visited.length > 1) expect(links.prev, url).toBeDefined();
    url = links.next;
    if (!url) expect(offsetOf(visited.at(-1)!)).toBe(offsetOf(links.last!));
  }
  return { rows, total: total!, pages: visited.length };
}

/** Every GET route that answers a page (it sends X-Total-Count), found by asking the app itself. */
async function pagedRoutes() {
  const paged: string[] = [];
  const gets = registeredRoutes(server.app).filter((r) => r.method === 'GET' && r.path.startsWith('/api/'));
  for (const { path } of gets) {
    const controller = new AbortController();
    const res = await fetch(`${server.url}${concretePath(path)}`, {
      headers: { Cookie: server.owner.cookie },
      signal: controller.signal,
    });
    if (res.headers.get(TOTAL_COUNT_HEADER) !== null) paged.push(path);
    controller.abort(); // the event stream never ends on its own
  }
  return paged;
}

describe('every paged list', () => {
  // The lists this test walks; a new paged list must be added here, or the first test fails.
  const LISTS: Record<string, (() => string)[]> = {
    '/api/photo-submissions': [
      () => '/api/photo-submissions',
      () => '/api/photo-submissions?status=pending&q=a',
    ],
    '/api/service-requests': [() => '/api/service-requests'],
    '/api/calls': [() => '/api/calls', () => '/api/calls?status=completed'],
    '/api/ai-responses': [() => '/api/ai-responses'],
    '/api/appointments': [
      () => '/api/appointments',
      () => '/api/appointments?status=scheduled',
      () => '/api/appointments?when=upcoming',
    ],
    '/api/leads': [() => '/api/leads', () => '/api/leads?channel=photo-form', () => '/api/leads?stage=new'],
    '/api/customers': [() => '/api/customers', () => '/api/customers?q=an'],
    '/api/customers/:id/timeline': [() => `/api/customers/${busiestCustomer}/timeline`],
    '/api/messenger/conversations': [() => '/api/messenger/conversations'],
    '/api/messenger/conversations/:id/messages': [
      () => `/api/messenger/conversations/${longestThread}/messages`,
    ],
    // Money (issue 35): the ledger, invoices and disputes page the same way, empty or not.
    '/api/payments': [
      () => '/api/payments',
      () => '/api/payments?kind=payment',
      () => '/api/payments?status=succeeded&method=cash',
    ],
    '/api/invoices': [() => '/api/invoices', () => '/api/invoices?status=open'],
    '/api/disputes': [() => '/api/disputes'],
  };

  it('is one this test walks', async () => {
    expect((await pagedRoutes()).sort()).toEqual(Object.keys(LISTS).sort());
  });

  const starts = Object.entries(LISTS).flatMap(([route, lists]) =>
    lists.map((list, i) => [`${route} #${i + 1}`, list] as const),
  );
  it.each(starts)(
    '%s gives every row exactly once to a client following rel="next"',
    async (_name, start) => {
      const list = start();
      const everything = await getList(`${list}${list.includes('?') ? '&' : '?'}limit=200`);
      expect(everything.rows).toHaveLength(everything.total);
      // A few pages of unequal luck: the last one is usually short.
      const limit = Math.max(1, Math.ceil(everything.total / 4) - 1);
      const walked = await walk(`${list}${list.includes('?') ? '&' : '?'}limit=${limit}`);
      expect(walked.total).toBe(everything.total);
      expect(walked.pages).toBeGreaterThan(1);
      // Exactly once each; the order inside and across pages is each list's own (a thread pages back
      // from its newest messages and shows each page oldest first).
      const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
      expect(sorted(walked.rows)).toEqual(sorted(everything.rows));
      expect(new Set(sorted(walked.rows)).size).toBe(walked.rows.length);
    },
  );

  it("tells the spec's client, which sends no limit, that there is more than its 50 rows", async () => {
    const first = await getList('/api/photo-submissions');
    expect(first.total).toBeGreaterThan(50);
    expect(first.rows).toHaveLength(50);
    expect(linksOf(first.res).next).toBe('/api/photo-submissions?limit=50&offset=50');
  });
});

describe('the Link header of one page', () => {
  it('keeps the filters, changes only limit and offset, and encodes what it carries', () => {
    expect(
      pageLinks('/api/leads?q=Ann%20Lee&offset=20&stage=new&limit=10', { limit: 10, offset: 20 }, 45),
    ).toBe(
      [
        '</api/leads?q=Ann+Lee&stage=new&limit=10&offset=30>; rel="next"',
        '</api/leads?q=Ann+Lee&stage=new&limit=10&offset=10>; rel="prev"',
        '</api/leads?q=Ann+Lee&stage=new&limit=10&offset=0>; rel="first"',
        '</api/leads?q=Ann+Lee&stage=new&limit=10&offset=40>; rel="last"',
      ].join(', '),
    );
    expect(pageLinks('/api/calls?q=%3E%3B%2C', { limit: 50, offset: 0 }, 0)).toBe(
      '</api/calls?q=%3E%3B%2C&limit=50&offset=0>; rel="first", </api/calls?q=%3E%3B%2C&limit=50&offset=0>; rel="last"',
    );
  });
});
