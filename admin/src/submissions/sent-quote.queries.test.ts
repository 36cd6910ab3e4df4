import { describe, expect, it } from 'vitest';
import type { PhotoSubmission, SentQuote } from '@washdesk/contract';
import { deliveryLine, jobBookingOf, quoteStateLine } from './sent-quote.queries.ts';

const submission = {
  id: 41,
  customerName: 'Nora Quinn',
  phone: '(707) 555-0166',
  email: 'nora@example.com',
  address: '8 Briceland Rd, Redway, CA',
  serviceType: 'Deck/Patio Cleaning',
} as PhotoSubmission;
const quote = { amountCents: 148050 } as SentQuote;
const at = '2026-03-02T20:00:00.000Z';

describe('what staff read about a sent quote', () => {
  it('books the job with the customer, the service as the dialog names it, and the accepted amount', () => {
    expect(jobBookingOf(submission, quote)).toEqual({
      customerName: 'Nora Quinn',
      customerPhone: '(707) 555-0166',
      customerEmail: 'nora@example.com',
      address: '8 Briceland Rd, Redway, CA',
      serviceType: 'deck-cleaning',
      notes: 'Quote accepted online: $1,480.50 (photo submission #41).',
    });
    // A service the dialog has no entry for is left for staff to choose.
    expect(jobBookingOf({ ...submission, serviceType: null }, quote).serviceType).toBe('');
  });

  it('never says a channel sent what it did not', () => {
    expect(
      deliveryLine({ channel: 'email', outcome: 'not-configured', recipient: 'a@b.c', problem: 'x', at }),
    ).toBe('E-mail not sent: not configured on this server');
    expect(
      deliveryLine({
        channel: 'text',
        outcome: 'failed',
        recipient: '(707) 555-0166',
        problem: 'Invalid number',
        at,
      }),
    ).toBe('Text to (707) 555-0166 failed: Invalid number');
    expect(
      deliveryLine({ channel: 'email', outcome: 'sent', recipient: 'a@b.c', problem: null, at }),
    ).toMatch(/^E-mail sent to a@b\.c /);
  });

  it("names the newest quote's state on the card, and whether the customer has it", () => {
    const q = { reachedBy: [] as ('email' | 'text' | 'link')[], openQuestions: 0 };
    expect(quoteStateLine({ ...q, state: 'open', sentAt: at, openedAt: null, acceptedAt: null })).toBe(
      'Quote not sent to the customer yet: copy its link or send it again',
    );
    expect(
      quoteStateLine({
        ...q,
        reachedBy: ['email', 'text'],
        state: 'open',
        sentAt: at,
        openedAt: null,
        acceptedAt: null,
      }),
    ).toMatch(/^Quote sent by e-mail and text .*, not opened yet$/);
    expect(
      quoteStateLine({
        ...q,
        reachedBy: ['text', 'link'],
        state: 'open',
        sentAt: at,
        openedAt: null,
        acceptedAt: null,
      }),
    ).toMatch(/^Quote sent by text .*, not opened yet$/);
    expect(
      quoteStateLine({
        ...q,
        reachedBy: ['link'],
        state: 'open',
        sentAt: at,
        openedAt: null,
        acceptedAt: null,
      }),
    ).toBe('Quote link copied for the customer, not opened yet');
    expect(quoteStateLine({ ...q, state: 'open', sentAt: at, openedAt: at, acceptedAt: null })).toMatch(
      /^Quote opened /,
    );
    expect(quoteStateLine({ ...q, state: 'accepted', sentAt: at, openedAt: at, acceptedAt: at })).toMatch(
      /^Quote accepted /,
    );
    expect(quoteStateLine({ ...q, state: 'expired', sentAt: at, openedAt: null, acceptedAt: null })).toBe(
      'Quote expired',
    );
  });
});
