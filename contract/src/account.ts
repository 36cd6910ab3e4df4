import { z } from 'zod';
import { requiredText, typedText } from './common.ts';
import { customerUpdateSchema } from './customers.ts';
import { ACCOUNT_TEXTS } from './account-texts.ts';

// The customer-facing words live apart from the schemas: a public page showing them loads no zod.
export { ACCOUNT_TEXTS } from './account-texts.ts';

// The customer's own page (issue 36): a sign-in link by text or e-mail, then one page with their
// quotes, visits, invoices, payments, plan and a message box. Amounts are integer cents.

/** A sign-in link's key and a session's: 32 random bytes, base64url (only their SHA-256 is kept). */
export const ACCOUNT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** How long a sign-in link may be used (once). */
export const ACCOUNT_LINK_MINUTES = 60;
/** How long a customer stays signed in on a device. */
export const ACCOUNT_SESSION_DAYS = 30;
/** Link requests an hour, per contact and per address (the answer stays the same after). */
export const ACCOUNT_LINK_REQUESTS_PER_HOUR = 5;
export const ACCOUNT_COOKIE = 'washdesk_account';
/** The page a sign-in link opens; the key is the last step (masked in logs). */
export const accountContinuePath = (token: string) => `/account/continue/${token}`;

/** The text and e-mail that carry a sign-in link. */
export const accountLinkText = (businessName: string, url: string) =>
  `${businessName}: your sign-in link (works once, for 60 minutes): ${url} If you did not ask for it, ignore this message.`;

export const accountLinkRequestSchema = z.object({
  contact: requiredText(ACCOUNT_TEXTS.contactRequired, 254),
});
export const accountSessionRequestSchema = z.object({
  token: z.string().regex(ACCOUNT_TOKEN_PATTERN, ACCOUNT_TEXTS.linkUnusable),
});
export const accountMessageSchema = z.object({
  message: requiredText(ACCOUNT_TEXTS.messageRequired, 1000, { multiline: true }),
});
/** Open a visit's or a plan job's own page from the account (a fresh link is made for it). */
export const accountOpenSchema = z.object({
  kind: z.enum(['visit', 'plan-visit']),
  id: z.number().int().positive(),
});
/** New contact details, behind the last 4 digits of the phone on file. */
export const accountContactSchema = customerUpdateSchema.extend({
  phoneLastFour: typedText(ACCOUNT_TEXTS.lastFourRequired).pipe(
    z.string().regex(/^\d{4}$/, ACCOUNT_TEXTS.lastFourRequired),
  ),
});
/**
 * Pay an open invoice from the account page, with an optional tip (the body is the invoice page's
 * `payInvoiceSchema`): the invoice is found by its number among the signed-in person's own.
 */
export const ACCOUNT_INVOICE_PAY = '/api/public/account/invoices/:number/pay';
export const accountInvoicePayPath = (invoiceNumber: number) =>
  `/api/public/account/invoices/${invoiceNumber}/pay`;
/**
 * Pay an accepted quote's deposit from the account page: the quote is found by its id among the
 * signed-in person's own, and what is charged is the deposits' own rule (no body is read).
 */
export const ACCOUNT_QUOTE_DEPOSIT = '/api/public/account/quotes/:id/deposit';
export const accountQuoteDepositPath = (quoteId: number) => `/api/public/account/quotes/${quoteId}/deposit`;
/** Staff: which way the sign-in link goes (the record's phone by text, or its e-mail). */
export const staffAccountLinkSchema = z.object({ channel: z.enum(['text', 'email']).default('text') });

/** What the link page learns of a key without spending it. */
export type AccountLinkState = 'usable' | 'unusable';

export interface AccountQuote {
  id: number;
  sentAt: string;
  validUntil: string;
  totalCents: number;
  status: 'open' | 'accepted' | 'expired';
  depositCents: number | null;
  /** Settled deposit payments (the ledger's), and bank payments of it still on their way. */
  depositPaidCents: number;
  depositPendingCents: number;
  url: string;
}
export interface AccountVisit {
  id: number;
  date: string;
  time: string | null;
  title: string;
  status: 'scheduled' | 'completed' | 'cancelled';
  /** Whether its page can still confirm, move or cancel it (a visit still to come). */
  changeable: boolean;
}
export interface AccountInvoice {
  number: number;
  issuedOn: string;
  dueOn: string;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  /** Bank payments still on their way (they will settle: paying them again would pay twice). */
  pendingCents: number;
  status: 'open' | 'paid' | 'void';
  url: string;
}
export interface AccountPayment {
  id: number;
  occurredAt: string;
  kind: 'payment' | 'refund';
  status: 'pending' | 'succeeded';
  method: string;
  amountCents: number;
  tipCents: number;
  invoiceNumber: number | null;
  purpose: 'deposit' | 'invoice' | null;
}
export interface AccountPlan {
  id: number;
  title: string;
  everyYears: number;
  month: number;
  /** This season's job still to book ("book this year's wash"), if there is one. */
  due: { jobId: number; dueMonth: string } | null;
}
export interface CustomerAccount {
  customer: {
    name: string | null;
    phoneLastFour: string | null;
    email: string | null;
    address: string | null;
  };
  business: { name: string; phone: string };
  quotes: AccountQuote[];
  visits: AccountVisit[];
  invoices: AccountInvoice[];
  payments: AccountPayment[];
  plans: AccountPlan[];
  /** Stripe is configured: invoices are paid from the page; else "pay at the visit". */
  payOnline: boolean;
}

/** What "Send sign-in link" did (staff read it as it happened: sent, failed, nothing to send to). */
export const accountLinkOutcomeSchema = z.object({
  channel: z.enum(['text', 'email']),
  outcome: z.enum(['sent', 'failed', 'not-configured', 'no-recipient']),
  problem: z.string().nullable(),
});
export type AccountLinkOutcome = z.infer<typeof accountLinkOutcomeSchema>;
export const accountSessionsSchema = z.object({ liveSessions: z.number().int() });
export const accountSessionsEndedSchema = z.object({ ended: z.number().int() });
