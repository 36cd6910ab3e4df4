import type { PublicInvoice } from '@washdesk/contract';
import { pageLanguage } from '../i18n/i18n.ts';

// The invoice page's calls. No zod here (the public bundle stays small): the server's answer is the
// contract's PublicInvoice, and a refusal carries { error: { message } } worded for the customer.

export type InvoiceResult =
  { kind: 'invoice'; invoice: PublicInvoice } | { kind: 'refused'; status: number; message: string };
export type PayResult =
  { kind: 'checkout'; url: string } | { kind: 'refused'; status: number; message: string };

const refusalOf = (response: Response, body: unknown) => {
  const error = (body as { error?: { message?: unknown; fields?: Record<string, unknown> } } | null)?.error;
  // A field's refusal says what is wrong ("A tip can be at most $500.00"), the answer's own only
  // that something is.
  const field = Object.values(error?.fields ?? {}).find((m) => typeof m === 'string');
  const message = field ?? error?.message;
  return {
    kind: 'refused' as const,
    status: response.status,
    message: typeof message === 'string' ? message : `${response.status}: ${response.statusText}`,
  };
};
const url = (token: string) => `/api/public/invoices/${encodeURIComponent(token)}`;

export async function fetchInvoice(token: string): Promise<InvoiceResult> {
  const response = await fetch(url(token));
  const body: unknown = await response.json().catch(() => null);
  if (
    response.ok &&
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as PublicInvoice).lines)
  )
    return { kind: 'invoice', invoice: body as PublicInvoice };
  return refusalOf(response, body);
}

/** Pay: the server answers the hosted Checkout page to go to. */
export async function startPayment(token: string, amountCents: number, tipCents: number): Promise<PayResult> {
  const response = await fetch(`${url(token)}/pay`, {
    method: 'POST',
    // The page's language: Stripe's page opens in it (the server's checkout-language.ts).
    headers: { 'Content-Type': 'application/json', 'Content-Language': pageLanguage() },
    body: JSON.stringify({ amountCents, tipCents }),
  });
  const body: unknown = await response.json().catch(() => null);
  const checkout = (body as { url?: unknown } | null)?.url;
  if (response.ok && typeof checkout === 'string') return { kind: 'checkout', url: checkout };
  return refusalOf(response, body);
}
