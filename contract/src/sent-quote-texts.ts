import { channelsOf } from './channels.ts';
import type { InBothLanguages } from './language.ts';
// The plain constants of sent quotes, without zod: the public quote page imports these, and a
// module with schemas at its top level would bring zod into the page's bundle.

// How long a sent quote can be accepted is the one QUOTE_VALIDITY_DAYS (prices.ts) every quote
// states; past it the page says so and refuses acceptance.

/** The terms every quote carries, word for word on the page and in the e-mail. */
export const QUOTE_TERMS =
  'Price covers the services listed at the address shown, based on the photos you sent. ' +
  'If the site differs noticeably from the photos we will confirm any change with you before starting. ' +
  'Payment is due on completion. You can reschedule or cancel free of charge up to 24 hours before the visit.';

/** The terms in both languages (the English is QUOTE_TERMS itself, the contract's words). */
export const QUOTE_TERMS_IN: InBothLanguages<string> = {
  en: QUOTE_TERMS,
  es:
    'El precio cubre los servicios indicados en la dirección mostrada, según las fotos que nos envió. ' +
    'Si el lugar es notablemente distinto de las fotos, le confirmaremos cualquier cambio antes de empezar. ' +
    'El pago se hace al terminar el trabajo. Puede cambiar la fecha o cancelar sin costo hasta 24 horas antes de la visita.',
};

/** The random bytes behind a quote's link: 32 bytes, written as 43 base64url characters. */
export const QUOTE_TOKEN_BYTES = 32;
export const QUOTE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The customer's page of a quote, from its link's token. */
export const quotePagePath = (token: string) => `/quote/${token}`;

/** The ways this server sends a quote (or an answer to a question on it) itself. */
export const QUOTE_DELIVERY_CHANNELS = channelsOf('email', 'text');
export type QuoteDeliveryChannel = (typeof QUOTE_DELIVERY_CHANNELS)[number];
/** Every way a quote reaches the customer: sent by the server, or its link copied by staff to pass on. */
export const QUOTE_HANDOVER_CHANNELS = channelsOf(...QUOTE_DELIVERY_CHANNELS, 'link');
export type QuoteHandoverChannel = (typeof QUOTE_HANDOVER_CHANNELS)[number];

/**
 * What happened to one way of sending: sent, failed (with the provider's reason), not configured
 * on this server, or nowhere to send it (no e-mail or phone on the submission); `copied` is a
 * link staff copied to pass on themselves.
 */
export const QUOTE_DELIVERY_OUTCOMES = [
  'sent',
  'failed',
  'not-configured',
  'no-recipient',
  'copied',
] as const;
export type QuoteDeliveryOutcome = (typeof QUOTE_DELIVERY_OUTCOMES)[number];

/** Where a quote stands for the customer. */
export const QUOTE_STATES = ['open', 'accepted', 'superseded', 'expired'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

/** Texts the public page and the API share, so what the page says is what the server refused. */
export const QUOTE_REFUSALS = {
  superseded: 'This quote has been replaced by a newer one. Please use the latest link we sent you.',
  expired: 'This quote has expired. Please contact us for an updated quote.',
  notFound: 'Quote not found',
  unknownAddOn: 'One of the chosen add-ons is not on this quote. Reload the page and try again.',
  staff: 'You are signed in as staff. Only the customer can accept this quote or ask about it.',
} as const;

/** The quote page opened in a browser signed in to the admin: what staff see is the customer's page. */
export const QUOTE_STAFF_PREVIEW =
  "Staff preview: this is the customer's page. Your visit is not counted as theirs, and accepting or asking is left to them.";
