import type { PublicQuote } from '@washdesk/contract';
import { pageLanguage } from '../i18n/i18n.ts';

// The quote page's calls. No zod here (the public bundle stays small): the server's answer is the
// contract's PublicQuote, and a refusal carries { error: { message } } worded for the customer.

export type QuoteAnswer =
  { kind: 'quote'; quote: PublicQuote } | { kind: 'refused'; status: number; message: string };

const looksLikeQuote = (value: unknown): value is PublicQuote =>
  typeof value === 'object' && value !== null && typeof (value as PublicQuote).amountCents === 'number';

async function answerOf(response: Response): Promise<QuoteAnswer> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && looksLikeQuote(body)) return { kind: 'quote', quote: body };
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return {
    kind: 'refused',
    status: response.status,
    message: typeof message === 'string' ? message : `${response.status}: ${response.statusText}`,
  };
}

const quoteUrl = (token: string) => `/api/public/quotes/${encodeURIComponent(token)}`;

export const fetchQuote = async (token: string) => answerOf(await fetch(quoteUrl(token)));

/** The customer's typed name, their tick and the add-ons they ticked; the server adds the total up. */
export const acceptQuote = async (token: string, acceptance: { fullName: string; addOnIds: number[] }) =>
  answerOf(
    await fetch(`${quoteUrl(token)}/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...acceptance, agreed: true }),
    }),
  );

export const askAboutQuote = async (token: string, question: string) =>
  answerOf(
    await fetch(`${quoteUrl(token)}/questions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ question }),
    }),
  );

/** The token at the end of the page's path (/quote/{token}). */
export const tokenOfPath = (pathname: string) => pathname.replace(/\/+$/, '').split('/').at(-1) ?? '';

export type PayAnswer =
  { kind: 'checkout'; url: string } | { kind: 'refused'; status: number; message: string };

/**
 * "Pay the deposit": the server makes (or reuses) Stripe's hosted Checkout page for what is due now
 * and answers its address; the amount is the server's own, so nothing of it is sent from here.
 */
export async function payDeposit(token: string): Promise<PayAnswer> {
  // The page's language: Stripe's page opens in it (the server's checkout-language.ts).
  const response = await fetch(`${quoteUrl(token)}/pay`, {
    method: 'POST',
    headers: { 'Content-Language': pageLanguage() },
  });
  const body: unknown = await response.json().catch(() => null);
  const url = (body as { url?: unknown } | null)?.url;
  if (response.ok && typeof url === 'string') return { kind: 'checkout', url };
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return {
    kind: 'refused',
    status: response.status,
    message: typeof message === 'string' ? message : `${response.status}: ${response.statusText}`,
  };
}
