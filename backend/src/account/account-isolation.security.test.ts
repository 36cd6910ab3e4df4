import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCOUNT_COOKIE, type CustomerAccount } from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { accountRepository } from './account.repository.ts';

// Isolation: 50 generated people, some reached under two or three records that staff merged (some
// before their quotes, visits, invoices, payments and plans were made, some after), each signed in
// by a link made for ANY of their records. Each sees exactly their own items, across the merge,
// and nothing of anyone else's. The items are written straight into the tables (as their owners
// would leave them); the records, the merges and every read go through the real HTTP API.

const PEOPLE = 50;
let server: TestServer;

/** A small seeded generator: the same people every run, so a failure can be replayed. */
function seeded(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    below: (n: number) => Math.floor(next() * n),
    pick: <T>(list: T[]) => list[Math.floor(next() * list.length)]!,
  };
}

interface Person {
  name: string;
  records: { id: number; phone: string; leadId: number }[];
  quotes: number[];
  visits: number[];
  invoices: number[];
  payments: number[];
  plans: number[];
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

it(
  'shows each of 50 people exactly their own items, across merged records',
  { timeout: 120_000 },
  async () => {
    const random = seeded(36);
    const db = server.db;
    const at = '2026-11-01T17:00:00.000Z';
    const people: Person[] = [];
    const areaCodes = ['707', '530', '916'];
    for (let i = 0; i < PEOPLE; i++) {
      const name = `Avery${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))} Testperson`;
      const recordCount = 1 + random.below(3);
      const person: Person = {
        name,
        records: [],
        quotes: [],
        visits: [],
        invoices: [],
        payments: [],
        plans: [],
      };
      for (let r = 0; r < recordCount; r++) {
        const phone = `+1${areaCodes[r]}5550${String(100 + i).slice(-3)}`;
        const [first, ...last] = name.split(' ');
        const res = await server.anonymous.send('POST', '/api/service-requests', {
          firstName: first,
          lastName: last.join(' '),
          email: `avery${i}.${r}@example.com`,
          phone,
          address: `${100 + i} Redwood Drive`,
          city: 'Garberville',
          serviceType: 'house-washing',
          urgency: 'week',
          description: 'Generated for the isolation test',
        });
        expect(res.status).toBe(201);
        const lead = db
          .prepare(
            "SELECT l.id, i.customer_id FROM leads l JOIN customer_items i ON i.kind = 'request' AND i.source_id = l.source_id WHERE l.channel = 'wizard' ORDER BY l.id DESC LIMIT 1",
          )
          .get() as { id: number; customer_id: number };
        person.records.push({ id: lead.customer_id, phone, leadId: lead.id });
      }
      // Each phone made its own record.
      expect(new Set(person.records.map((r) => r.id)).size).toBe(recordCount);
      people.push(person);
    }

    let invoiceNumber = 1000;
    const token = () => randomBytes(32).toString('base64url');
    const insertQuote =
      db.prepare(`INSERT INTO sent_quotes (customer_id, lead_id, token, amount_cents, document, sent_at, valid_until)
    VALUES (?, ?, ?, ?, '{}', ?, '2026-12-31')`);
    const insertVisit =
      db.prepare(`INSERT INTO appointments (customer_name, customer_phone, address, service_type,
    scheduled_date, preferred_time, created_at, updated_at) VALUES (?, ?, '1 Main St', 'house-washing', '2026-12-10', '9:00 AM', ?, ?)`);
    const insertJob =
      db.prepare(`INSERT INTO jobs (customer_id, customer_name, customer_phone, address, title, price_cents,
    duration_minutes, status, plan_id, due_month, created_at, updated_at) VALUES (?, ?, ?, '1 Main St', 'House wash', 40000, 120, ?, ?, ?, ?, ?)`);
    const insertInvoice =
      db.prepare(`INSERT INTO invoices (number, job_id, customer_id, customer_name, address, token, subtotal_cents,
    total_cents, issued_on, due_on, created_at, updated_at) VALUES (?, ?, ?, ?, '1 Main St', ?, 40000, 40000, '2026-11-01', '2026-11-15', ?, ?)`);
    const insertPayment =
      db.prepare(`INSERT INTO payments (kind, status, method, purpose, amount_cents, tip_cents, quote_id, invoice_id,
    customer_id, source_key, occurred_at, created_at, updated_at) VALUES ('payment', 'succeeded', 'card', ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)`);
    const insertPlan =
      db.prepare(`INSERT INTO service_plans (customer_id, every_years, month, start_year, rule, time_zone, title,
    duration_minutes, created_at, updated_at) VALUES (?, 1, 4, 2027, 'RRULE:FREQ=YEARLY', 'America/Los_Angeles', 'Yearly house wash', 120, ?, ?)`);
    let sourceKeys = 0;

    /** A few of everything, each on one of the person's records (or, for a quote, on its lead). */
    const giveItems = (person: Person) => {
      for (let q = random.below(3); q > 0; q--) {
        const record = random.pick(person.records);
        const byLead = random.below(2) === 0;
        const id = Number(
          insertQuote.run(byLead ? null : record.id, byLead ? record.leadId : null, token(), 30000, at)
            .lastInsertRowid,
        );
        person.quotes.push(id);
        if (random.below(2) === 0)
          person.payments.push(
            Number(
              insertPayment.run('deposit', 5000, id, null, null, `test:${++sourceKeys}`, at, at, at)
                .lastInsertRowid,
            ),
          );
      }
      for (let v = random.below(3); v > 0; v--) {
        const record = random.pick(person.records);
        const id = Number(insertVisit.run(person.name, record.phone, at, at).lastInsertRowid);
        person.visits.push(id);
      }
      for (let n = random.below(3); n > 0; n--) {
        const record = random.pick(person.records);
        const job = Number(
          insertJob.run(record.id, person.name, record.phone, 'done', null, null, at, at).lastInsertRowid,
        );
        const number = ++invoiceNumber;
        const invoice = Number(
          insertInvoice.run(number, job, record.id, person.name, token(), at, at).lastInsertRowid,
        );
        person.invoices.push(number);
        person.payments.push(
          Number(
            insertPayment.run('invoice', 10000, null, invoice, null, `test:${++sourceKeys}`, at, at, at)
              .lastInsertRowid,
          ),
        );
      }
      if (random.below(3) === 0) {
        const record = random.pick(person.records);
        const plan = Number(insertPlan.run(record.id, at, at).lastInsertRowid);
        insertJob.run(record.id, person.name, record.phone, 'unscheduled', plan, '2027-04', at, at);
        person.plans.push(plan);
      }
      if (random.below(4) === 0)
        person.payments.push(
          Number(
            insertPayment.run(
              null,
              2500,
              null,
              null,
              random.pick(person.records).id,
              `test:${++sourceKeys}`,
              at,
              at,
              at,
            ).lastInsertRowid,
          ),
        );
    };

    for (const person of people) giveItems(person);
    // Staff merge each person's records; three become a chain (the third into the second, then the
    // second into the first), which the merge resolves to the record kept.
    const merge = async (into: number, other: number) =>
      expect((await server.send('POST', `/api/customers/${into}/merge`, { otherId: other })).status).toBe(
        200,
      );
    for (const person of people) {
      const [kept, second, third] = person.records.map((r) => r.id);
      if (third !== undefined) await merge(second!, third);
      if (second !== undefined) await merge(kept!, second);
    }
    // And more arrives after the merge, on any of the numbers.
    for (const person of people) giveItems(person);

    const links = accountRepository(db);
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    let seenItems = 0;
    for (const person of people) {
      // Signed in by a link made for any of the person's records, merged away or not.
      const linkToken = links.mintLink({
        customerId: random.pick(person.records).id,
        requestedBy: 'staff',
        channel: 'text',
        now: Date.now(),
      });
      const session = await fetch(`${server.url}/api/public/account/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: linkToken }),
      });
      expect(session.status).toBe(201);
      const cookie = session.headers
        .getSetCookie()
        .find((c) => c.startsWith(`${ACCOUNT_COOKIE}=`))!
        .split(';')[0]!;
      const res = await fetch(`${server.url}/api/public/account`, { headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
      const account = (await res.json()) as CustomerAccount;
      const seen = {
        quotes: sorted(account.quotes.map((q) => q.id)),
        visits: sorted(account.visits.map((v) => v.id)),
        invoices: sorted(account.invoices.map((v) => v.number)),
        payments: sorted(account.payments.map((p) => p.id)),
        plans: sorted(account.plans.map((p) => p.id)),
      };
      expect(seen, person.name).toEqual({
        quotes: sorted(person.quotes),
        visits: sorted(person.visits),
        invoices: sorted(person.invoices),
        payments: sorted(person.payments),
        plans: sorted(person.plans),
      });
      seenItems += Object.values(seen).flat().length;
    }
    // The generator made real work for the check: people with several records and many items.
    expect(people.filter((p) => p.records.length > 1).length).toBeGreaterThan(10);
    expect(seenItems).toBeGreaterThan(PEOPLE * 4);
    expect(server.errors).toEqual([]);
  },
);
