import type { Language } from '@washdesk/contract';
import type { CustomerLanguages } from '../customers/customer-languages.ts';
import type { CheckoutRequest } from './checkout-sessions.ts';

// The language of Stripe's payment page (issue 37): one rule for every Pay button (the quote's
// deposit, the invoice). The page the customer pressed Pay on says what they read right now (its
// Content-Language); a request without it (an older page, a script) falls back to the language
// stored on the customer. Stripe's Latin-American Spanish ('es-419') is the Spanish Californians
// read; for English we let Stripe follow the browser, as before.

export function checkoutLanguage(
  /** The Pay request's page language (`pageLanguageOf(req)`), null when it did not say. */
  page: Language | null,
  contact: { phone?: string | null; email?: string | null },
  languages: Pick<CustomerLanguages, 'languageOf'>,
): Language {
  return page ?? languages.languageOf(contact);
}

/** Stripe Checkout's `locale` for a customer reading `language`. */
export const checkoutLocaleOf = (language: Language): CheckoutRequest['locale'] =>
  language === 'es' ? 'es-419' : undefined;
