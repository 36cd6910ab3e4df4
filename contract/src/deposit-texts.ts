import { formatCents } from './money.ts';

// The deposit's sum and words without zod (payments.ts has the schemas and re-exports these): the
// public quote page works out the deposit of the add-ons the customer ticks with the same
// `depositFor` the server fixes at acceptance, and a module with schemas at its top level would
// bring zod into that page's bundle.

/** A deposit rule's fields (payments.ts' `depositRuleSchema` is its checked form). */
export interface DepositRuleFields {
  kind: 'none' | 'percent' | 'fixed';
  percent: number | null;
  fixedCents: number | null;
  minimumCents: number;
}

/**
 * The deposit a total asks under a rule: never more than the total, never less than the minimum
 * (unless the total itself is less). The one place this sum is made (server, quote page, Settings preview).
 */
export function depositFor(rule: DepositRuleFields, totalCents: number): number {
  if (rule.kind === 'none' || totalCents <= 0) return 0;
  const asked =
    rule.kind === 'percent' ? Math.round((totalCents * (rule.percent ?? 0)) / 100) : (rule.fixedCents ?? 0);
  return Math.min(totalCents, Math.max(asked, rule.minimumCents));
}

/** A quote's own deposit (staff's override) as a rule: 0 is "no deposit". */
export const overrideRule = (overrideCents: number): DepositRuleFields =>
  overrideCents > 0
    ? { kind: 'fixed', percent: null, fixedCents: overrideCents, minimumCents: 0 }
    : { kind: 'none', percent: null, fixedCents: null, minimumCents: 0 };

/** What a page says when Stripe is not configured: nothing claims an online payment. */
export const PAY_AT_THE_VISIT = 'Pay at the visit: we take cash or check.';

/** Where a quote's deposit stands, in the words customers and staff both read. */
export const DEPOSIT_TEXTS = {
  due: (cents: number) => `${formatCents(cents)} deposit due when you accept; the rest after the work.`,
  dueNow: (cents: number) => `${formatCents(cents)} deposit due now; the rest after the work.`,
  pay: (cents: number) => `Pay the ${formatCents(cents)} deposit`,
  paid: 'Deposit paid',
  pending: 'Bank payment pending',
  pendingDetail:
    'Your bank payment is on its way; banks take a few days. We will mark it paid once it arrives.',
  nothingDue: 'Nothing is due on this quote right now.',
  notAccepted: 'Accept the quote first; then you can pay its deposit.',
  notOnline: `Online payment is not set up. ${PAY_AT_THE_VISIT}`,
  /** Stripe did not answer: nothing was charged (the quote page says it in its language). */
  checkoutUnavailable: 'The payment page could not be opened just now. Please try again in a minute.',
  /** "Deposit paid $80 · $240 left" (staff: the job's card and the quote). */
  staffPaid: (paidCents: number, leftCents: number) =>
    `Deposit paid ${formatCents(paidCents)} · ${formatCents(leftCents)} left`,
  staffDue: (askedCents: number) => `Deposit ${formatCents(askedCents)} due`,
  staffPending: (pendingCents: number) => `Bank payment pending ${formatCents(pendingCents)}`,
  /** Settings' preview: "A $320 job asks $80 up front". */
  preview: (totalCents: number, askedCents: number) =>
    askedCents > 0
      ? `A ${formatCents(totalCents)} job asks ${formatCents(askedCents)} up front`
      : `A ${formatCents(totalCents)} job asks nothing up front`,
} as const;
