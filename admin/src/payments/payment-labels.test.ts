import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-client.ts';
import { centsTyped, dollarsText, forWhat, refundProblem } from './payment-labels.ts';

describe('the refund dialog’s amounts', () => {
  it('reads dollars as typed into exact cents, and nothing else', () => {
    expect(centsTyped('45.50')).toBe(4_550);
    expect(centsTyped(' $1,200 ')).toBe(120_000);
    expect(centsTyped('0.07')).toBe(7);
    expect(centsTyped('19.99')).toBe(1_999);
    for (const bad of ['', '-5', '1.234', '1e3', 'abc', '12.']) expect(centsTyped(bad), bad).toBeNull();
  });

  it('starts a field at the cents it was given', () => {
    expect(dollarsText(32_500)).toBe('325.00');
    expect(dollarsText(7)).toBe('0.07');
  });

  it('names what a row was for', () => {
    expect(forWhat({ invoiceId: 4, quoteId: null, jobId: 9 })).toBe('Invoice #4 · Job #9');
    expect(forWhat({ invoiceId: null, quoteId: null, jobId: null })).toBe('—');
  });

  it('shows Stripe’s own answers (not set up, no answer, refused), and hides other faults', () => {
    const body = (message: string) => JSON.stringify({ error: { code: 'x', message } });
    expect(refundProblem(new ApiError(503, body('Online payments are not set up'), ''))).toBe(
      'Online payments are not set up',
    );
    expect(refundProblem(new ApiError(504, body('Stripe did not answer'), ''))).toBe('Stripe did not answer');
    expect(refundProblem(new ApiError(500, body('SQL text'), ''))).toBe(
      'Something went wrong. Please try again.',
    );
  });
});
