import type { AccountLinkState, CustomerAccount } from '@washdesk/contract';
import { pageLanguage } from '../i18n/i18n.ts';

// The customer's page's calls. No zod here (the public bundle stays small): the server's answers
// are the contract's types, and a refusal carries { error: { message, fields } } worded for the customer.

export type Refusal = { kind: 'refused'; status: number; message: string; fields: Record<string, string> };

const refusalOf = async (response: Response): Promise<Refusal> => {
  const body = (await response.json().catch(() => null)) as {
    error?: { message?: unknown; fields?: Record<string, string> };
  } | null;
  const message = body?.error?.message;
  return {
    kind: 'refused',
    status: response.status,
    message: typeof message === 'string' ? message : `${response.status}: ${response.statusText}`,
    fields: body?.error?.fields ?? {},
  };
};

const post = (path: string, body: unknown) =>
  fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });

type AccountAnswer = { kind: 'account'; account: CustomerAccount } | Refusal;

async function readAccount(): Promise<AccountAnswer> {
  const response = await fetch('/api/public/account', { credentials: 'same-origin' });
  if (response.ok) return { kind: 'account', account: (await response.json()) as CustomerAccount };
  return refusalOf(response);
}

// On /account the account is asked for as soon as the page's chunk loads (main.tsx loads it
// before hydrating), so the answer travels while React takes the page over: no round trip after
// hydration on a slow phone. Later reloads (after a change) ask again.
let early: Promise<AccountAnswer> | null =
  typeof window !== 'undefined' && window.location.pathname.replace(/\/+$/, '') === '/account'
    ? readAccount()
    : null;
// A failed early answer is read by the page's first load; this only keeps it from being "unhandled".
early?.catch(() => undefined);

export function fetchAccount(): Promise<AccountAnswer> {
  const first = early;
  early = null;
  return first ?? readAccount();
}

export async function askForLink(contact: string): Promise<{ kind: 'asked'; message: string } | Refusal> {
  const response = await post('/api/public/account/link', { contact });
  if (response.status === 202)
    return { kind: 'asked', message: ((await response.json()) as { message: string }).message };
  return refusalOf(response);
}

export async function linkState(token: string): Promise<AccountLinkState> {
  const response = await fetch(`/api/public/account/links/${encodeURIComponent(token)}`);
  if (!response.ok) return 'unusable';
  return ((await response.json()) as { state: AccountLinkState }).state;
}

export async function startSession(token: string): Promise<{ kind: 'signed-in' } | Refusal> {
  const response = await post('/api/public/account/session', { token });
  return response.ok ? { kind: 'signed-in' } : refusalOf(response);
}

/** A simple change: its answer's message, or the refusal. */
export async function change(
  path: 'messages' | 'contact' | 'sign-out',
  body: unknown,
): Promise<{ kind: 'done'; message: string } | Refusal> {
  const response = await post(`/api/public/account/${path}`, body);
  if (response.ok) return { kind: 'done', message: ((await response.json()) as { message: string }).message };
  return refusalOf(response);
}

/** A fresh link to a visit's or a plan job's own page. */
export async function openPage(
  kind: 'visit' | 'plan-visit',
  id: number,
): Promise<{ kind: 'url'; url: string } | Refusal> {
  const response = await post('/api/public/account/open', { kind, id });
  if (response.ok) return { kind: 'url', url: ((await response.json()) as { url: string }).url };
  return refusalOf(response);
}

/** Pay one of the customer's invoices (what is owed now) with a tip: Stripe's hosted page to go to. */
export async function payInvoice(
  invoiceNumber: number,
  tipCents: number,
): Promise<{ kind: 'url'; url: string } | Refusal> {
  // The contract's accountInvoicePayPath, spelled here: its module holds zod, which this page does not load.
  const response = await post(`/api/public/account/invoices/${invoiceNumber}/pay`, { tipCents });
  if (response.ok) return { kind: 'url', url: ((await response.json()) as { url: string }).url };
  return refusalOf(response);
}

/**
 * Pay the deposit of one of the customer's accepted quotes: Stripe's hosted page to go to. The
 * server decides what is due (the deposits' own rule); the page's language is Stripe's.
 */
export async function payDeposit(quoteId: number): Promise<{ kind: 'url'; url: string } | Refusal> {
  // The contract's accountQuoteDepositPath, spelled here (its module holds zod, as above).
  const response = await fetch(`/api/public/account/quotes/${quoteId}/deposit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Language': pageLanguage() },
    body: '{}',
    credentials: 'same-origin',
  });
  if (response.ok) return { kind: 'url', url: ((await response.json()) as { url: string }).url };
  return refusalOf(response);
}
