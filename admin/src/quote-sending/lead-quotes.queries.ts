import { queryOptions } from '@tanstack/react-query';
import {
  centsOf,
  jobBookedSchema,
  lineAmountCents,
  quoteSentSchema,
  quotesOfSchema,
  quoteTotalCents,
  type QuoteDraft,
} from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';
import { customersKey } from '../customers/customers.queries.ts';
import { leadsKey } from '../leads/leads.queries.ts';

/** Whose quotes: an inbox lead (Requests) or a customer's record. */
export type QuoteTarget = { kind: 'lead'; id: number } | { kind: 'customer'; id: number };

const pathOf = (t: QuoteTarget) => `/api/${t.kind === 'lead' ? 'leads' : 'customers'}/${t.id}/quotes`;

/**
 * Under the leads' and customers' keys, so a quote event (accepted, opened) that refetches those
 * lists refetches these too (admin/src/live/live-invalidation.ts).
 */
export const leadQuoteQueries = {
  of: (api: ApiClient, t: QuoteTarget) =>
    queryOptions({
      queryKey: [...(t.kind === 'lead' ? leadsKey : customersKey), t.id, 'quotes'],
      queryFn: () => api.get(pathOf(t), quotesOfSchema),
    }),
};

export const sendDraft = (api: ApiClient, t: QuoteTarget, draft: QuoteDraft) =>
  api.send('POST', pathOf(t), draft, quoteSentSchema);

export const bookJob = (api: ApiClient, quoteId: number) =>
  api.send('POST', `/api/quotes/${quoteId}/book`, {}, jobBookedSchema);

/** One line as staff type it in the editor: words and dollars, turned into cents on sending. */
export interface LineInput {
  service: string;
  /** Empty for a flat-priced line. */
  areaSqFt: string;
  /** Dollars per sq ft, or the line's flat price. */
  unitPrice: string;
}
export interface AddOnInput {
  service: string;
  amount: string;
}

const dollars = (typed: string) => {
  const n = Number(typed.replace(/[$,\s]/g, ''));
  return typed.trim() !== '' && Number.isFinite(n) && n >= 0 ? centsOf(n) : null;
};
const area = (typed: string) => {
  if (!typed.trim()) return null;
  const n = Number(typed.replace(/[,\s]/g, ''));
  return Number.isInteger(n) && n > 0 ? n : Number.NaN;
};

/**
 * The draft the server is sent (cents, whole square feet) and the preview's figures, from what
 * staff typed; `problem` names the first thing to fix. The server adds everything up again.
 */
export function draftOf(lines: LineInput[], addOns: AddOnInput[], validUntil: string) {
  const draftLines = lines.map((l) => ({
    service: l.service.trim(),
    areaSqFt: area(l.areaSqFt),
    unitPriceCents: dollars(l.unitPrice),
  }));
  const draftAddOns = addOns.map((a) => ({ service: a.service.trim(), amountCents: dollars(a.amount) }));
  const problem =
    draftLines.length === 0
      ? 'Add at least one line'
      : draftLines.some((l) => !l.service) || draftAddOns.some((a) => !a.service)
        ? 'Name the service of every line and add-on'
        : draftLines.some((l) => Number.isNaN(l.areaSqFt))
          ? 'Enter each area in whole square feet'
          : draftLines.some((l) => l.unitPriceCents === null) ||
              draftAddOns.some((a) => a.amountCents === null)
            ? 'Enter a price for every line and add-on'
            : !validUntil
              ? 'Pick the last day the quote can be accepted'
              : null;
  const amounts = draftLines.map((l) =>
    l.unitPriceCents === null || Number.isNaN(l.areaSqFt)
      ? null
      : lineAmountCents({ areaSqFt: l.areaSqFt, unitPriceCents: l.unitPriceCents }),
  );
  const baseCents = amounts.reduce<number>((sum, a) => sum + (a ?? 0), 0);
  const withAddOns = quoteTotalCents(
    baseCents,
    draftAddOns.map((a, i) => ({ id: i + 1, amountCents: a.amountCents ?? 0 })),
    draftAddOns.map((_, i) => i + 1),
  );
  const draft: QuoteDraft | null = problem
    ? null
    : {
        lines: draftLines.map((l) => ({ ...l, unitPriceCents: l.unitPriceCents! })),
        addOns: draftAddOns.map((a) => ({ ...a, amountCents: a.amountCents! })),
        validUntil,
      };
  return { draft, problem, amounts, baseCents, withAddOns };
}
