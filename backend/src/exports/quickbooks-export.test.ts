import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUICKBOOKS_INVOICE_COLUMNS, QUICKBOOKS_PAYMENT_COLUMNS } from '@washdesk/contract';
import { seedMoney, type MoneyFixture } from '../test/money-fixtures.ts';
import { clientOf, signIn, startTestServer, type TestServer } from '../test/test-server.ts';
import { EXPORT_PAGE } from './quickbooks-export.repository.ts';

// The accountant's QuickBooks Online imports (issue 35, item 7) over real HTTP on a real SQLite
// file: a 100-invoice fixture (void ones, deposits, instalments, tips, a refund, a pending bank
// payment, a customer named like a formula) and every column QuickBooks requires, summing to the
// fixture's own account of the invoices and the ledger.

let server: TestServer;
let fixture: MoneyFixture;

/** RFC 4180, as QuickBooks and spreadsheets read it: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += ch;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

async function download(path: string) {
  const res = await server.get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toMatch(
    /^attachment; filename="washdesk-quickbooks-[a-z0-9-]+\.csv"$/,
  );
  const bytes = new Uint8Array(await res.arrayBuffer());
  // The byte order mark, so a spreadsheet reads the names as UTF-8.
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parseCsv(new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes));
  return { header: header!, rows };
}

const cents = (dollars: string) => {
  expect(dollars).toMatch(/^-?\d+\.\d{2}$/);
  return Math.round(Number(dollars) * 100);
};
const MMDDYYYY = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/20\d\d$/;

beforeAll(async () => {
  server = await startTestServer();
  fixture = seedMoney(server.db, { invoices: 100, payments: 300, from: '2026-01-05', days: 300 });
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

describe('GET /api/exports/quickbooks/invoices.csv', () => {
  it('has exactly QuickBooks’ invoice columns and a row per line of every invoice not void, summing to them', async () => {
    const { header, rows } = await download('/api/exports/quickbooks/invoices.csv');
    expect(header).toEqual([...QUICKBOOKS_INVOICE_COLUMNS]);
    expect(rows).toHaveLength(fixture.invoiceLines);
    const col = (name: (typeof QUICKBOOKS_INVOICE_COLUMNS)[number]) =>
      QUICKBOOKS_INVOICE_COLUMNS.indexOf(name);
    let total = 0;
    const byInvoice = new Map<string, number>();
    for (const row of rows) {
      expect(row).toHaveLength(QUICKBOOKS_INVOICE_COLUMNS.length);
      for (const required of [
        'Invoice number',
        'Customer',
        'Invoice date',
        'Due date',
        'Item (Product/Service)',
        'Item Quantity',
        'Item Rate',
        'Item Amount',
      ] as const)
        expect(row[col(required)], required).not.toBe('');
      expect(row[col('Invoice date')]).toMatch(MMDDYYYY);
      expect(row[col('Due date')]).toMatch(MMDDYYYY);
      const amount = cents(row[col('Item Amount')]!);
      expect(amount).toBe(Number(row[col('Item Quantity')]) * cents(row[col('Item Rate')]!));
      total += amount;
      const number = row[col('Invoice number')]!;
      byInvoice.set(number, (byInvoice.get(number) ?? 0) + amount);
    }
    expect(total).toBe(fixture.invoiceLineCents);
    // Each invoice's lines add up to its subtotal (its total plus the deposit credited on it).
    const invoices = server.db
      .prepare("SELECT number, subtotal_cents AS cents FROM invoices WHERE status <> 'void'")
      .all() as { number: number; cents: number }[];
    expect(byInvoice.size).toBe(invoices.length);
    for (const i of invoices) expect(byInvoice.get(String(i.number))).toBe(i.cents);
    // Dates are the business's dates, written the American way.
    const first = server.db
      .prepare(
        "SELECT number, issued_on, due_on FROM invoices WHERE status <> 'void' ORDER BY issued_on, number LIMIT 1",
      )
      .get() as { number: number; issued_on: string; due_on: string };
    const [y, m, d] = first.issued_on.split('-');
    expect(rows[0]!.slice(0, 4)).toEqual([String(first.number), rows[0]![1], `${m}/${d}/${y}`, rows[0]![3]]);
  });

  it('keeps a customer’s name that looks like a formula as text, and quotes commas and quotation marks', async () => {
    const { rows } = await download('/api/exports/quickbooks/invoices.csv');
    const customers = new Set(rows.map((r) => r[1]));
    expect(customers).toContain(`'=HYPERLINK("http://x")`);
    expect(customers).not.toContain('=HYPERLINK("http://x")');
    expect(customers).toContain('Eli "Junior" Kim, Jr.');
    const descriptions = new Set(rows.map((r) => r[5]));
    expect(descriptions).toContain(`'+ oil stain, "front"`);
  });

  it('takes a range of issue dates, both ends included', async () => {
    const { rows } = await download('/api/exports/quickbooks/invoices.csv?from=2026-03-01&to=2026-05-31');
    const expected = server.db
      .prepare(
        `SELECT count(*) AS n, sum(l.amount_cents) AS cents FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id
        WHERE i.status <> 'void' AND i.issued_on BETWEEN '2026-03-01' AND '2026-05-31'`,
      )
      .get() as { n: number; cents: number };
    expect(expected.n).toBeGreaterThan(0);
    expect(rows).toHaveLength(expected.n);
    expect(rows.reduce((s, r) => s + cents(r[8]!), 0)).toBe(expected.cents);
    expect(rows.every((r) => /^(03|04|05)\/\d\d\/2026$/.test(r[2]!))).toBe(true);
  });

  it('refuses a range that ends before it starts, or a date that does not exist', async () => {
    for (const query of ['from=2026-05-01&to=2026-04-01', 'from=2026-02-30', 'to=yesterday']) {
      const res = await server.get(`/api/exports/quickbooks/invoices.csv?${query}`);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('validation_failed');
    }
  });
});

describe('GET /api/exports/quickbooks/payments.csv', () => {
  it('has QuickBooks’ receive-payment columns, a row per settled payment, summing to the ledger less tips', async () => {
    const { header, rows } = await download('/api/exports/quickbooks/payments.csv');
    expect(header).toEqual([...QUICKBOOKS_PAYMENT_COLUMNS]);
    const settled = server.db
      .prepare(
        "SELECT count(*) AS n, sum(amount_cents - tip_cents) AS cents FROM payments WHERE status = 'succeeded' AND kind = 'payment'",
      )
      .get() as { n: number; cents: number };
    expect(rows).toHaveLength(settled.n);
    expect(rows.reduce((s, r) => s + cents(r[4]!), 0)).toBe(fixture.paidLessTipsCents);
    expect(settled.cents).toBe(fixture.paidLessTipsCents);
    const exported = new Set(
      (server.db.prepare("SELECT number FROM invoices WHERE status <> 'void'").pluck().all() as number[]).map(
        String,
      ),
    );
    for (const row of rows) {
      expect(row[0]).toMatch(MMDDYYYY);
      expect(row[1]).not.toBe('');
      expect(['Card', 'Bank account', 'Cash', 'Check', 'Other']).toContain(row[2]);
      expect(row[3]).not.toBe('');
      // Applied to an exported invoice (deposits to their job's), or, for a void one, to none.
      if (row[5] !== '') expect(exported.has(row[5]!)).toBe(true);
    }
    // The deposits are applied to the invoice of the job their quote became.
    const deposit = server.db
      .prepare(
        `SELECT p.amount_cents, i.number FROM payments p JOIN jobs j ON j.quote_id = p.quote_id
        JOIN invoices i ON i.job_id = j.id WHERE p.purpose = 'deposit' AND i.status <> 'void' ORDER BY p.id LIMIT 1`,
      )
      .get() as { amount_cents: number; number: number };
    expect(rows.some((r) => r[5] === String(deposit.number) && cents(r[4]!) === deposit.amount_cents)).toBe(
      true,
    );
    expect(rows.filter((r) => r[5] !== '').length).toBeGreaterThan(rows.length * 0.8);
  });

  it('takes a range of the business’s days', async () => {
    const { rows } = await download('/api/exports/quickbooks/payments.csv?from=2026-02-01&to=2026-02-28');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => /^02\/\d\d\/2026$/.test(r[0]!))).toBe(true);
  });
});

describe('a year of invoices', () => {
  it('streams past a page of rows without losing or repeating one', async () => {
    const more = seedMoney(server.db, {
      invoices: 700,
      payments: 1400,
      from: '2027-01-04',
      days: 360,
      seed: 2027,
    });
    expect(more.invoiceLines).toBeGreaterThan(EXPORT_PAGE);
    const { rows } = await download('/api/exports/quickbooks/invoices.csv?from=2027-01-01&to=2027-12-31');
    expect(rows).toHaveLength(more.invoiceLines);
    // Each invoice's lines once: as many rows per number as it has lines.
    const perInvoice = new Map<string, number>();
    for (const r of rows) perInvoice.set(r[0]!, (perInvoice.get(r[0]!) ?? 0) + 1);
    const lines = server.db
      .prepare(
        `SELECT i.number, count(*) AS n FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id
        WHERE i.status <> 'void' AND i.issued_on >= '2027-01-01' GROUP BY i.number`,
      )
      .all() as { number: number; n: number }[];
    expect(new Map(lines.map((l) => [String(l.number), l.n]))).toEqual(perInvoice);
    expect(rows.reduce((s, r) => s + cents(r[8]!), 0)).toBe(more.invoiceLineCents);
    const payments = await download('/api/exports/quickbooks/payments.csv?from=2027-01-01&to=2028-12-31');
    expect(payments.rows.reduce((s, r) => s + cents(r[4]!), 0)).toBe(more.paidLessTipsCents);
  });
});

describe('who may download them', () => {
  it('is the owner (takings: seeMoney); staff are refused and a customer’s browser is not signed in', async () => {
    const email = await server.addUser({ email: 'office@example.com', role: 'staff' });
    const staff = clientOf(server.url, await signIn(server.url, email));
    for (const path of ['/api/exports/quickbooks/invoices.csv', '/api/exports/quickbooks/payments.csv']) {
      expect((await staff.get(path)).status).toBe(403);
      expect((await server.anonymous.get(path)).status).toBe(401);
    }
  });
});
