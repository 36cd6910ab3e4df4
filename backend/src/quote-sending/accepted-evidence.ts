import { createHash } from 'node:crypto';
import { termsOf, type StoredQuote } from './sent-quote.repository.ts';

// What a dispute needs to know was shown: the SHA-256 of the quote exactly as its page put it
// before the customer (letterhead, customer, address, every line and add-on with its amount, the
// terms, the last day), with what they chose, the total and the name they typed. Keys are written
// in sorted order, so the same content always gives the same hash, today and in any later build.

const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
};

export function shownSha256(
  quote: Pick<StoredQuote, 'document' | 'amountCents' | 'validUntil'>,
  accepted: { name: string; addOnIds: number[]; totalCents: number },
) {
  const shown = {
    document: quote.document,
    amountCents: quote.amountCents,
    terms: termsOf(quote.document),
    validUntil: quote.validUntil,
    accepted: { ...accepted, addOnIds: [...accepted.addOnIds].sort((a, b) => a - b) },
  };
  return createHash('sha256').update(canonical(shown)).digest('hex');
}
