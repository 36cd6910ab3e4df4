import { describe, expect, it } from 'vitest';
import {
  PAY_AT_THE_VISIT,
  TOTAL_COUNT_HEADER,
  invoiceRowSchema,
  publicInvoiceSchema,
} from '@washdesk/contract';
import { ledgerRepository } from '../payments/ledger.repository.ts';
import { invoiceRigForTests } from '../test/invoice-rig.ts';
import { TEXTING_PUBLIC_URL } from '../test/texting-server.ts';

// A done job's invoice through the real server: made once when the crew marks the job done, sent
// by text (the one gated sender, through the outbox) and e-mail, cash and checks recorded by staff
// in the ledger, receipts, the customer's page, and voiding. The clock stands at 9:00 AM on
// Monday 23 November 2026 in California.

const MONDAY_9AM = Date.parse('2026-11-23T17:00:00Z');
const rig = invoiceRigForTests({ start: MONDAY_9AM });
const server = () => rig.office.server;
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const record = (id: number, body: Record<string, unknown>) =>
  server().send('POST', `/api/invoices/${id}/payments`, body);

describe('marking a job done', () => {
  it('makes its invoice once: the job’s lines at quantity 1, the deposit paid credited, due in 14 days, numbered in order', async () => {
    const phone = await rig.customer();
    // The quote's deposit, as the Stripe webhook records it in the ledger.
    ledgerRepository(server().db).record({
      sourceKey: 'stripe:pi_deposit_invoice_test',
      kind: 'payment',
      status: 'succeeded',
      method: 'card',
      purpose: 'deposit',
      amountCents: 6_000,
      quoteId: 4242,
      occurredAt: new Date(MONDAY_9AM - 86_400_000).toISOString(),
    });
    const invoice = await rig.doneJob(phone, { amounts: [25_000, 5_000], quoteId: 4242 });
    expect(invoice.lines).toEqual([
      {
        position: 1,
        service: 'House wash',
        description: null,
        quantity: 1,
        unitPriceCents: 25_000,
        amountCents: 25_000,
      },
      {
        position: 2,
        service: 'Add-on 1',
        description: null,
        quantity: 1,
        unitPriceCents: 5_000,
        amountCents: 5_000,
      },
    ]);
    expect(invoice).toMatchObject({
      status: 'open',
      subtotalCents: 30_000,
      depositCreditedCents: 6_000,
      totalCents: 24_000,
      paidCents: 0,
      balanceCents: 24_000,
      issuedOn: '2026-11-23',
      dueOn: '2026-12-07',
      customerName: 'Dana Whitfield',
    });
    expect(invoice.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invoice.link).toBe(`${TEXTING_PUBLIC_URL}/invoice/${invoice.token}`);

    // Sent at once by text and e-mail; the outbox's rows say what happened.
    await rig.office.at(MONDAY_9AM);
    expect(rig.office.textsTo(phone).at(-1)).toBe(
      `Lost Coast Soft Wash: your invoice #${invoice.number} for $240 is ready: ${invoice.link}\nAll your quotes, visits and invoices: https://washdesk.example.com/account`,
    );
    await rig.smtp.received(1);
    const mail = rig.smtp.mails.find(
      (m) => m.subject === `Invoice #${invoice.number} from Lost Coast Soft Wash`,
    );
    expect(mail?.text).toContain('Deposit paid: -$60');
    expect(mail?.text).toContain(invoice.link);
    const sent = (await rig.invoice(invoice.id)).messages.filter((m) => m.kind === 'invoice');
    expect(sent.map((m) => [m.channel, m.state])).toEqual([
      ['text', 'sent'],
      ['email', 'sent'],
    ]);

    // "Create invoice" again, or the job done again, makes none: the same invoice answers.
    const again = await server().send('POST', `/api/jobs/${invoice.jobId}/invoice`);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: number }).id).toBe(invoice.id);
    expect(
      server().db.prepare('SELECT count(*) AS n FROM invoices WHERE job_id = ?').get(invoice.jobId),
    ).toEqual({ n: 1 });

    // The next job's invoice takes the next number.
    const next = await rig.doneJob(await rig.customer());
    expect(next.number).toBe(invoice.number + 1);
  });

  it('numbers the first invoice 1001 and refuses to invoice a job that is not done', async () => {
    const first = server().db.prepare('SELECT min(number) AS n FROM invoices').get() as { n: number };
    expect(first.n).toBe(1001);
    const tray = rig.trayJob(await rig.customer());
    const res = await server().send('POST', `/api/jobs/${tray}/invoice`);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe('Only a job that is done can be invoiced');
    expect((await server().send('POST', '/api/jobs/999999/invoice')).status).toBe(404);
  });
});

describe('recording cash, checks and other payments', () => {
  it('takes each off the balance from the ledger, refuses more than is owed, turns paid at zero, and sends a receipt for each', async () => {
    const phone = await rig.customer();
    const invoice = await rig.doneJob(phone, { amounts: [20_000, 4_000] });
    await rig.office.at(MONDAY_9AM);

    const noNumber = await record(invoice.id, { method: 'check', amountCents: 5_000 });
    expect(noNumber.status).toBe(400);
    expect((await errorOf(noNumber)).fields?.reference).toBe('Enter the check number');

    const cash = await record(invoice.id, { method: 'cash', amountCents: 10_000, note: 'At the door' });
    expect(cash.status).toBe(201);
    const afterCash = await rig.invoice(invoice.id);
    expect(afterCash).toMatchObject({ status: 'open', paidCents: 10_000, balanceCents: 14_000 });
    const row = afterCash.payments.at(-1)!;
    expect(row).toMatchObject({
      kind: 'payment',
      status: 'succeeded',
      method: 'cash',
      amountCents: 10_000,
      note: 'At the door',
    });
    const key = server().db.prepare('SELECT source_key FROM payments WHERE id = ?').get(row.id) as {
      source_key: string;
    };
    expect(key.source_key).toMatch(/^manual:[0-9a-f-]{36}$/);

    const over = await record(invoice.id, { method: 'check', amountCents: 14_001, reference: '1042' });
    expect(over.status).toBe(422);
    expect((await errorOf(over)).message).toBe('That is more than the $140 still due');

    await rig.office.at(MONDAY_9AM);
    expect(rig.office.textsTo(phone).at(-1)).toBe(
      `Lost Coast Soft Wash: thank you, we received $100 for invoice #${invoice.number}. $140 is still due: ${invoice.link}\nAll your quotes, visits and invoices: https://washdesk.example.com/account`,
    );

    const check = await record(invoice.id, { method: 'check', amountCents: 14_000, reference: '1042' });
    expect(check.status).toBe(201);
    const paid = await rig.invoice(invoice.id);
    expect(paid).toMatchObject({ status: 'paid', paidCents: 24_000, balanceCents: 0 });
    expect(paid.paidAt).not.toBeNull();
    await rig.office.at(MONDAY_9AM);
    expect(rig.office.textsTo(phone).at(-1)).toBe(
      `Lost Coast Soft Wash: thank you, we received $140 for invoice #${invoice.number}. It is paid in full: ${invoice.link}\nAll your quotes, visits and invoices: https://washdesk.example.com/account`,
    );
    const receipts = paid.messages.filter((m) => m.kind === 'receipt' && m.channel === 'text');
    expect(receipts).toHaveLength(2);

    const more = await record(invoice.id, { method: 'cash', amountCents: 100 });
    expect(more.status).toBe(409);
    expect((await errorOf(more)).message).toBe('This invoice is already paid');

    // The customer's page lists both as receipts.
    const page = publicInvoiceSchema
      .strict()
      .parse(await (await server().anonymous.get(`/api/public/invoices/${invoice.token}`)).json());
    expect(page.receipts.map((r) => [r.method, r.amountCents])).toEqual([
      ['cash', 10_000],
      ['check', 14_000],
    ]);
    expect(page).toMatchObject({ status: 'paid', balanceCents: 0, paidCents: 24_000 });
  });

  it('goes back to open when a refund in the ledger brings a balance back', async () => {
    const invoice = await rig.doneJob(await rig.customer(), { amounts: [15_000] });
    expect((await record(invoice.id, { method: 'cash', amountCents: 15_000 })).status).toBe(201);
    expect((await rig.invoice(invoice.id)).status).toBe('paid');
    // A refund of $50 (the refunds feature writes it to the ledger); the invoice reads the ledger.
    ledgerRepository(server().db).record({
      sourceKey: `stripe:re_invoice_${invoice.id}`,
      kind: 'refund',
      status: 'succeeded',
      method: 'card',
      purpose: 'invoice',
      amountCents: -5_000,
      invoiceId: invoice.id,
      occurredAt: new Date(MONDAY_9AM).toISOString(),
    });
    expect(await rig.invoice(invoice.id)).toMatchObject({
      status: 'open',
      paidCents: 10_000,
      balanceCents: 5_000,
    });
    expect((await record(invoice.id, { method: 'cash', amountCents: 5_000 })).status).toBe(201);
    expect(await rig.invoice(invoice.id)).toMatchObject({ status: 'paid', balanceCents: 0 });
  });
});

describe('the customer’s page without Stripe', () => {
  it('shows lines, total, deposit, paid, balance and status, says pay at the visit, and offers no Pay', async () => {
    const invoice = await rig.doneJob(await rig.customer(), { amounts: [18_000] });
    const res = await server().anonymous.get(`/api/public/invoices/${invoice.token}`);
    expect(res.status).toBe(200);
    const page = publicInvoiceSchema.strict().parse(await res.json());
    expect(page).toMatchObject({
      number: invoice.number,
      businessName: 'Lost Coast Soft Wash',
      totalCents: 18_000,
      depositCreditedCents: 0,
      paidCents: 0,
      balanceCents: 18_000,
      status: 'open',
      payOnline: false,
      lines: [
        {
          service: 'House wash',
          description: null,
          quantity: 1,
          unitPriceCents: 18_000,
          amountCents: 18_000,
        },
      ],
    });
    const pay = await server().anonymous.send('POST', `/api/public/invoices/${invoice.token}/pay`, {
      amountCents: 5_000,
    });
    expect(pay.status).toBe(409);
    expect((await errorOf(pay)).message).toBe(PAY_AT_THE_VISIT);
    // The first look is the customer's, kept once.
    const opened = server().db.prepare('SELECT opened_at FROM invoices WHERE id = ?').get(invoice.id) as {
      opened_at: string | null;
    };
    expect(opened.opened_at).not.toBeNull();
  });
});

describe('voiding and the list', () => {
  it('voids an open invoice with a reason, cancels what was still to go, and the list pages by key', async () => {
    const invoice = await rig.doneJob(await rig.customer());
    const noReason = await server().send('POST', `/api/invoices/${invoice.id}/void`, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect((await errorOf(noReason)).fields?.reason).toBe('Say why the invoice is void');
    const res = await server().send('POST', `/api/invoices/${invoice.id}/void`, {
      reason: 'Billed the wrong house',
    });
    expect(res.status).toBe(200);
    const voided = await rig.invoice(invoice.id);
    expect(voided).toMatchObject({ status: 'void', voidReason: 'Billed the wrong house' });
    expect(voided.messages.filter((m) => m.state === 'pending')).toEqual([]);
    expect(
      (await server().send('POST', `/api/invoices/${invoice.id}/void`, { reason: 'Again' })).status,
    ).toBe(409);
    const cash = await record(invoice.id, { method: 'cash', amountCents: 1_000 });
    expect(cash.status).toBe(409);
    expect((await errorOf(cash)).message).toBe('This invoice is void');
    expect((await server().send('POST', `/api/invoices/${invoice.id}/send`)).status).toBe(409);

    const first = await server().get('/api/invoices?limit=2');
    expect(first.status).toBe(200);
    const rows = invoiceRowSchema
      .strict()
      .array()
      .parse(await first.json());
    expect(rows).toHaveLength(2);
    expect(rows[0]!.id).toBeGreaterThan(rows[1]!.id);
    const total = Number(first.headers.get(TOTAL_COUNT_HEADER));
    const cursor = first.headers.get('X-Next-Cursor');
    expect(cursor).toBeTruthy();
    const second = invoiceRowSchema
      .array()
      .parse(await (await server().get(`/api/invoices?limit=2&cursor=${cursor}`)).json());
    expect(second[0]!.id).toBeLessThan(rows[1]!.id);
    const byOffset = invoiceRowSchema
      .array()
      .parse(await (await server().get('/api/invoices?limit=2&offset=2')).json());
    expect(byOffset.map((r) => r.id)).toEqual(second.map((r) => r.id));
    const voids = invoiceRowSchema
      .array()
      .parse(await (await server().get('/api/invoices?status=void&limit=100')).json());
    expect(voids.map((r) => r.id)).toContain(invoice.id);
    expect(voids.every((r) => r.status === 'void')).toBe(true);
    expect(total).toBeGreaterThanOrEqual(voids.length);
  });

  it('sends an open invoice again on staff’s word, outside the first sending’s key', async () => {
    const phone = await rig.customer();
    const invoice = await rig.doneJob(phone, { amounts: [9_900] });
    await rig.office.at(MONDAY_9AM);
    const before = rig.office.textsTo(phone).length;
    const res = await server().send('POST', `/api/invoices/${invoice.id}/send`);
    expect(res.status).toBe(200);
    await rig.office.at(MONDAY_9AM);
    expect(rig.office.textsTo(phone).length).toBe(before + 1);
    expect(rig.office.textsTo(phone).at(-1)).toBe(
      `Lost Coast Soft Wash: your invoice #${invoice.number} for $99 is ready: ${invoice.link}\nAll your quotes, visits and invoices: https://washdesk.example.com/account`,
    );
  });
});
