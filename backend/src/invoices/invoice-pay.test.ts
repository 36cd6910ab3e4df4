import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSchema, publicInvoiceSchema, type Invoice } from '@washdesk/contract';
import { jobRepository } from '../jobs/job.repository.ts';
import { startStripeRig, type StripeRig } from '../test/stripe-rig.ts';

// Paying an invoice online through the real server, the real stripe SDK and the fake Stripe on
// 127.0.0.1: the customer presses Pay for a part and a tip, pays on the fake hosted page, the
// signed webhook records it in the ledger, and the balance goes down by the part only (a tip is
// never part of what is owed). A bank payment stays pending and is not offered again.

const MONDAY_9AM = Date.parse('2026-11-23T17:00:00Z');
const now = { ms: MONDAY_9AM };
let rig: StripeRig;
beforeAll(async () => {
  rig = await startStripeRig({ clock: () => now.ms });
});
afterAll(() => rig.stop());
afterEach(() => expect(rig.server.errors).toEqual([]));

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { message: string; fields?: Record<string, string> } }).error;
let hour = 9;

/** A job booked on the board and moved to done; its invoice as staff see it. */
async function doneJob(amountCents: number): Promise<Invoice> {
  const server = rig.server;
  const job = jobRepository(server.db).create({
    customerName: 'Mara Lindqvist',
    customerPhone: '+17075550188',
    customerEmail: 'mara@example.com',
    address: '9 Alderpoint Road, Blocksburg',
    title: 'House wash',
    durationMinutes: 60,
    lineItems: [{ service: 'House wash', areaSqFt: null, unitPriceCents: null, amountCents }],
  });
  hour += 1;
  const time = `${hour > 12 ? hour - 12 : hour}:00 ${hour >= 12 ? 'PM' : 'AM'}`;
  expect((await server.send('POST', `/api/schedule/jobs/${job.id}/visit`, { date: '2026-11-24', time, crewId: 1 })).status).toBe(201);
  for (const status of ['on_the_way', 'in_progress', 'done'])
    expect((await server.send('POST', `/api/jobs/${job.id}/status`, { status })).status).toBe(200);
  const list = (await (await server.get('/api/invoices?limit=100')).json()) as { id: number; jobId: number }[];
  const id = list.find((i) => i.jobId === job.id)!.id;
  return invoiceSchema.parse(await (await server.get(`/api/invoices/${id}`)).json());
}
const pay = (token: string, body: Record<string, unknown>) =>
  rig.server.anonymous.send('POST', `/api/public/invoices/${token}/pay`, body);
const page = async (token: string) =>
  publicInvoiceSchema.strict().parse(await (await rig.server.anonymous.get(`/api/public/invoices/${token}`)).json());
const sessionOf = (url: string) => url.split('/').pop()!;

describe('paying an invoice on Stripe’s page', () => {
  it('takes a part and a tip: the balance goes down by the part only, and the rest pays it off', async () => {
    const invoice = await doneJob(30_000);
    expect((await page(invoice.token)).payOnline).toBe(true);

    const first = await pay(invoice.token, { amountCents: 10_000, tipCents: 1_500 });
    expect(first.status).toBe(200);
    const { url } = (await first.json()) as { url: string };
    expect(url).toBe(`${rig.fake.url}/checkout/${sessionOf(url)}`);
    // The back button and a second press give the same page: one payment, not two.
    expect(((await (await pay(invoice.token, { amountCents: 10_000, tipCents: 1_500 })).json()) as { url: string }).url).toBe(url);
    await rig.fake.pay(sessionOf(url), 'card');
    await rig.settled();

    const part = await page(invoice.token);
    expect(part).toMatchObject({ status: 'open', totalCents: 30_000, paidCents: 10_000, tipCents: 1_500, balanceCents: 20_000 });
    expect(part.receipts).toEqual([expect.objectContaining({ method: 'card', amountCents: 11_500, tipCents: 1_500, refund: false })]);
    const staff = invoiceSchema.parse(await (await rig.server.get(`/api/invoices/${invoice.id}`)).json());
    expect(staff.payments.filter((p) => p.kind === 'payment').map((p) => [p.amountCents, p.tipCents])).toEqual([[11_500, 1_500]]);

    // More than is owed, or less than $1, is refused in words; the rest (no part named) with a 20 % tip pays it.
    const over = await pay(invoice.token, { amountCents: 20_001 });
    expect(over.status).toBe(422);
    expect((await errorOf(over)).message).toBe('That is more than the $200 still due');
    const tiny = await pay(invoice.token, { amountCents: 99 });
    expect(tiny.status).toBe(422);
    expect((await errorOf(tiny)).message).toBe('Pay at least $1');
    const rest = await pay(invoice.token, { tipCents: 4_000 });
    expect(rest.status).toBe(200);
    await rig.fake.pay(sessionOf(((await rest.json()) as { url: string }).url), 'card');
    await rig.settled();
    const paid = await page(invoice.token);
    expect(paid).toMatchObject({ status: 'paid', paidCents: 30_000, tipCents: 5_500, balanceCents: 0 });
    const after = await pay(invoice.token, { amountCents: 100 });
    expect(after.status).toBe(409);
    expect((await errorOf(after)).message).toBe('This invoice is already paid');
    // The invoice itself turned paid (the webhook's announcement reached it).
    const row = rig.server.db.prepare('SELECT status, paid_at FROM invoices WHERE id = ?').get(invoice.id) as {
      status: string;
      paid_at: string | null;
    };
    expect(row.status).toBe('paid');
    expect(row.paid_at).not.toBeNull();
  });

  it('keeps a bank payment pending (not paid) and does not offer it again while it is on its way', async () => {
    const invoice = await doneJob(12_000);
    const res = await pay(invoice.token, {});
    const { url } = (await res.json()) as { url: string };
    await rig.fake.pay(sessionOf(url), 'us_bank_account');
    await rig.settled();
    const pending = await page(invoice.token);
    expect(pending).toMatchObject({ status: 'open', paidCents: 0, pendingCents: 12_000, balanceCents: 12_000 });
    const again = await pay(invoice.token, { amountCents: 1_000 });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('A bank payment for the rest of this invoice is on its way');

    const pi = rig.ledger.ofInvoice(invoice.id).find((p) => p.kind === 'payment')!.providerPaymentIntentId!;
    await rig.fake.settleBankPayment(pi, 'succeeded');
    await rig.settled();
    expect(await page(invoice.token)).toMatchObject({ status: 'paid', paidCents: 12_000, pendingCents: 0, balanceCents: 0 });
  });

  it('refuses a tip over the maximum and a pay on a void invoice', async () => {
    const invoice = await doneJob(5_000);
    expect((await pay(invoice.token, { amountCents: 5_000, tipCents: 100_001 })).status).toBe(400);
    await rig.server.send('POST', `/api/invoices/${invoice.id}/void`, { reason: 'Billed twice' });
    const onVoid = await pay(invoice.token, { amountCents: 5_000 });
    expect(onVoid.status).toBe(409);
    expect((await errorOf(onVoid)).message).toBe('This invoice is void');
  });
});
