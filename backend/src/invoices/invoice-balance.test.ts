import { describe, expect, it } from 'vitest';
import { fullyRefunded, invoiceMoney, invoiceStatusOf, payableNow } from './invoice-balance.ts';

// The one rule of what an invoice owes, on figures worked out by hand.

const invoice = { status: 'open' as const, subtotalCents: 30_000, depositCreditedCents: 6_000, totalCents: 24_000 };
const settled = (amountCents: number, tipCents = 0, pendingCents = 0) => ({ amountCents, tipCents, pendingCents });
const row = (kind: 'payment' | 'refund', status: 'succeeded' | 'pending' | 'failed', amountCents: number, tipCents = 0) => ({
  kind,
  status,
  amountCents,
  tipCents,
});

describe('what an invoice owes', () => {
  it('is the total less what settled, tips apart, never below zero', () => {
    expect(invoiceMoney(invoice, settled(11_500, 1_500))).toMatchObject({ paidCents: 10_000, tipCents: 1_500, balanceCents: 14_000 });
    expect(invoiceMoney(invoice, settled(30_000, 6_000)).balanceCents).toBe(0);
    expect(invoiceStatusOf(invoice, settled(24_000))).toBe('paid');
    expect(invoiceStatusOf(invoice, settled(23_999))).toBe('open');
    // A tip never pays the invoice: $240 paid of which $40 is a tip leaves $40 owed.
    expect(invoiceStatusOf(invoice, settled(24_000, 4_000))).toBe('open');
    expect(invoiceStatusOf({ ...invoice, status: 'void' }, settled(24_000))).toBe('void');
    // A deposit that covered everything: nothing to ask.
    expect(invoiceStatusOf({ ...invoice, totalCents: 0 }, settled(0))).toBe('paid');
  });

  it('offers to pay only what is not already on its way', () => {
    expect(payableNow(invoice, settled(10_000, 0, 4_000))).toBe(10_000);
    expect(payableNow(invoice, settled(0, 0, 24_000))).toBe(0);
    expect(payableNow({ ...invoice, status: 'void' }, settled(0))).toBe(0);
  });

  it('counts an invoice fully refunded only when refunds reach what was paid in', () => {
    expect(fullyRefunded([])).toBe(false);
    expect(fullyRefunded([row('payment', 'succeeded', 24_000), row('refund', 'succeeded', -10_000)])).toBe(false);
    expect(fullyRefunded([row('payment', 'succeeded', 24_000), row('refund', 'pending', -24_000)])).toBe(true);
    // A tip refunded alone does not give the invoice back.
    expect(fullyRefunded([row('payment', 'succeeded', 26_000, 2_000), row('refund', 'succeeded', -2_000, -2_000)])).toBe(false);
    expect(fullyRefunded([row('payment', 'failed', 24_000), row('refund', 'failed', -24_000)])).toBe(false);
  });
});
