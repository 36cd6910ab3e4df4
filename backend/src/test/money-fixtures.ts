import type { Database } from 'better-sqlite3';

// A business's money for tests and benchmarks (issue 35): sent and accepted quotes, done jobs,
// invoices with their lines, and the ledger's deposits, instalments, tips, refunds, a pending bank
// payment and void invoices. Written straight into the tables (as their owners would leave them),
// deterministic for a seed, and it keeps its own account of every sum in plain JavaScript so a
// test compares the SQL under test with figures made another way.

export interface MoneyFixtureOptions {
  invoices: number;
  /** About this many ledger rows in all (deposits, instalments, refunds); at least one per invoice. */
  payments?: number;
  /** The first business day, `YYYY-MM-DD`; the quotes spread over `days` from it. */
  from: string;
  days: number;
  /** Customer records the invoices belong to, in turn; none: the fixture makes one per invoice. */
  customerIds?: number[];
  /** Leads the quotes came from, in turn (every seventh quote is made on a record, with no lead). */
  leadIds?: number[];
  seed?: number;
  /** Invoices issued before this day were all paid long ago (a real business's few open ones are recent). */
  openSince?: string;
}

export interface MoneyFixture {
  invoiceIds: number[];
  /** Σ lines of the invoices that are not void, and how many lines. */
  invoiceLineCents: number;
  invoiceLines: number;
  /** Σ of settled payment rows (kind 'payment') less their tips: what the invoices and deposits got. */
  paidLessTipsCents: number;
  tipsCents: number;
  /** Σ settled refunds (negative). */
  refundedCents: number;
  /** Σ quoted (= accepted) amounts, and Σ totals of the invoices that are not void. */
  quotedCents: number;
  invoicedCents: number;
  /** What each customer still owes on open invoices. */
  openBalanceOf: Map<number, number>;
}

const NAMES = [
  'Ana Reyes',
  'Ben Olsen',
  'Cara Patel',
  'Dev Moore',
  '=HYPERLINK("http://x")',
  'Eli "Junior" Kim, Jr.',
];
const SERVICES = [
  ['House wash', 'Soft wash, siding and trim'],
  ['Roof cleaning', 'Moss and lichen treatment'],
  ['Gutter cleaning', null],
  ['Driveway', '+ oil stain, "front"'],
] as const;
const METHODS = ['card', 'us_bank_account', 'cash', 'check', 'card', 'card'] as const;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function seedMoney(db: Database, o: MoneyFixtureOptions): MoneyFixture {
  let state = o.seed ?? 35;
  const random = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  // Rows per invoice: a deposit on one in three, then the instalments of the nine in ten not void.
  const instalments = Math.max(1, Math.round(((o.payments ?? o.invoices) / o.invoices - 1 / 3) / 0.9));
  const nextNumber =
    ((db.prepare('SELECT max(number) FROM invoices').pluck().get() as number | null) ?? 1000) + 1;

  const customer =
    db.prepare(`INSERT INTO customers (name, phone, address, created_at, last_activity_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const quote = db.prepare(`INSERT INTO sent_quotes (lead_id, customer_id, token, amount_cents, document,
      sent_at, valid_until, accepted_at, accepted_total_cents, deposit_cents)
    VALUES (@lead, @customer, @token, @amount, '{}', @sentAt, @validUntil, @acceptedAt, @amount, @deposit)`);
  const job =
    db.prepare(`INSERT INTO jobs (customer_id, customer_name, customer_phone, address, title, price_cents,
      duration_minutes, status, quote_id, created_at, updated_at)
    VALUES (@customer, @name, '7075550100', '1 Main St, Arcata, CA', 'House wash', @amount, 120, 'done', @quote, @at, @at)`);
  const invoice =
    db.prepare(`INSERT INTO invoices (number, job_id, customer_id, customer_name, address, token, status,
      subtotal_cents, deposit_credited_cents, total_cents, issued_on, due_on, created_at, updated_at)
    VALUES (@number, @job, @customer, @name, '1 Main St, Arcata, CA', @token, @status, @subtotal, @deposit, @total,
      @issuedOn, @dueOn, @at, @at)`);
  const line = db.prepare(`INSERT INTO invoice_lines (invoice_id, position, service, description, quantity,
      unit_price_cents, amount_cents) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const payment =
    db.prepare(`INSERT INTO payments (kind, status, method, purpose, amount_cents, tip_cents, quote_id,
      invoice_id, job_id, customer_id, source_key, provider_payment_intent_id, refund_of, reference,
      occurred_at, created_at, updated_at)
    VALUES (@kind, @status, @method, @purpose, @amount, @tip, @quote, @invoice, @job, @customer, @key, @pi,
      @refundOf, @reference, @at, @at, @at)`);

  const fixture: MoneyFixture = {
    invoiceIds: [],
    invoiceLineCents: 0,
    invoiceLines: 0,
    paidLessTipsCents: 0,
    tipsCents: 0,
    refundedCents: 0,
    quotedCents: 0,
    invoicedCents: 0,
    openBalanceOf: new Map(),
  };
  let keys = 0;
  db.transaction(() => {
    for (let i = 0; i < o.invoices; i++) {
      const day = addDays(o.from, Math.floor((i * o.days) / o.invoices));
      const at = (d: string, hour: number) =>
        `${d}T${String(hour).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00.000Z`;
      const name = NAMES[i % NAMES.length]!;
      const customerId =
        o.customerIds?.[i % o.customerIds.length] ??
        Number(
          customer.run(name, '7075550100', '1 Main St, Arcata, CA', at(day, 17), at(day, 17), at(day, 17))
            .lastInsertRowid,
        );
      const leadId = i % 7 === 6 || !o.leadIds?.length ? null : o.leadIds[i % o.leadIds.length]!;
      // Lines first: the quote's amount is their sum.
      const lines = Array.from({ length: 1 + (i % 3) }, (_, n) => {
        const [service, description] = SERVICES[(i + n) % SERVICES.length]!;
        const quantity = 1 + ((i + n) % 2);
        const rate = 2_500 * (2 + Math.floor(random() * 40)) + (i % 4 === 3 ? 5 : 0);
        return { service, description, quantity, rate, amount: quantity * rate };
      });
      const amount = lines.reduce((s, l) => s + l.amount, 0);
      const deposit = i % 3 === 0 ? Math.round(amount / 4) : 0;
      const quoteId = Number(
        quote.run({
          lead: leadId,
          customer: customerId,
          token: `money-fixture-${nextNumber + i}-${o.seed ?? 35}`,
          amount,
          sentAt: at(day, 16),
          validUntil: addDays(day, 30),
          acceptedAt: at(addDays(day, 1), 18),
          deposit,
        }).lastInsertRowid,
      );
      const jobId = Number(
        job.run({ customer: customerId, name, amount, quote: quoteId, at: at(day, 17) }).lastInsertRowid,
      );
      const pay = (p: {
        kind?: string;
        status?: string;
        method?: string;
        purpose: string;
        amount: number;
        tip?: number;
        invoice?: number | null;
        refundOf?: number | null;
        at: string;
      }) => {
        keys += 1;
        const status = p.status ?? 'succeeded';
        const kind = p.kind ?? 'payment';
        const tip = p.tip ?? 0;
        if (status === 'succeeded' && kind === 'payment') {
          fixture.paidLessTipsCents += p.amount - tip;
          fixture.tipsCents += tip;
        }
        if (status === 'succeeded' && kind === 'refund') fixture.refundedCents += p.amount;
        return Number(
          payment.run({
            kind,
            status,
            method: p.method ?? 'card',
            purpose: p.purpose,
            amount: p.amount,
            tip,
            quote: p.purpose === 'deposit' ? quoteId : null,
            invoice: p.invoice ?? null,
            job: jobId,
            customer: customerId,
            key: `fixture:${o.seed ?? 35}:${nextNumber + i}:${keys}`,
            pi: `pi_fixture_${o.seed ?? 35}_${keys}`,
            refundOf: p.refundOf ?? null,
            reference: p.method === 'check' ? `${1000 + keys}` : null,
            at: p.at,
          }).lastInsertRowid,
        );
      };
      if (deposit) pay({ purpose: 'deposit', amount: deposit, at: at(addDays(day, 1), 19) });

      const total = amount - deposit;
      const issuedOn = addDays(day, 3);
      // One in ten is void, one in four is left open unpaid, one in four half paid, the rest paid.
      const settledLongAgo = o.openSince !== undefined && issuedOn < o.openSince;
      const kind =
        i % 10 === 9
          ? 'void'
          : settledLongAgo
            ? 'paid'
            : i % 4 === 1
              ? 'unpaid'
              : i % 4 === 2
                ? 'half'
                : 'paid';
      const invoiceId = Number(
        invoice.run({
          number: nextNumber + i,
          job: jobId,
          customer: customerId,
          name,
          token: `money-fixture-invoice-${nextNumber + i}-${o.seed ?? 35}`,
          status: kind === 'void' ? 'void' : kind === 'paid' ? 'paid' : 'open',
          subtotal: amount,
          deposit,
          total,
          issuedOn,
          dueOn: addDays(issuedOn, 14),
          at: at(issuedOn, 18),
        }).lastInsertRowid,
      );
      fixture.invoiceIds.push(invoiceId);
      lines.forEach((l, n) =>
        line.run(invoiceId, n + 1, l.service, l.description, l.quantity, l.rate, l.amount),
      );
      if (kind !== 'void') {
        fixture.invoiceLineCents += amount;
        fixture.invoiceLines += lines.length;
        fixture.invoicedCents += total;
      }
      fixture.quotedCents += amount;
      const toPay = kind === 'paid' ? total : kind === 'half' ? Math.floor(total / 2) : 0;
      let paid = 0;
      for (let n = 0; n < instalments && toPay > 0; n++) {
        const part = n === instalments - 1 ? toPay - paid : Math.floor(toPay / instalments);
        if (part <= 0) continue;
        paid += part;
        const tip = n === 0 && i % 5 === 0 ? 1_000 + (i % 3) * 250 : 0;
        const method = pick(METHODS);
        pay({
          purpose: 'invoice',
          amount: part + tip,
          tip,
          method,
          invoice: invoiceId,
          at: at(addDays(issuedOn, 2 + n), 20),
        });
      }
      // A bank payment still on its way counts nowhere yet.
      if (kind === 'unpaid' && i % 8 === 1)
        pay({
          purpose: 'invoice',
          status: 'pending',
          method: 'us_bank_account',
          amount: total,
          invoice: invoiceId,
          at: at(addDays(issuedOn, 1), 20),
        });
      // Some paid invoices are partly refunded afterwards (the refund row is signed negative).
      if (kind === 'paid' && i % 20 === 0 && total > 5_000) {
        const first = db
          .prepare('SELECT id FROM payments WHERE invoice_id = ? ORDER BY id LIMIT 1')
          .pluck()
          .get(invoiceId) as number;
        pay({
          kind: 'refund',
          purpose: 'invoice',
          amount: -5_000,
          invoice: invoiceId,
          refundOf: first,
          at: at(addDays(issuedOn, 9), 21),
        });
      }
      if (kind === 'unpaid' || kind === 'half') {
        // What the customer still owes on it: the refund is never on an open one in this fixture.
        fixture.openBalanceOf.set(customerId, (fixture.openBalanceOf.get(customerId) ?? 0) + total - paid);
      }
    }
  })();
  return fixture;
}
