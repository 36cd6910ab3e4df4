import { serviceNameIn, type InBothLanguages, type Language } from '@washdesk/contract';
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

/**
 * What Stripe's page lists, in the language it is shown in: its own words are Stripe's
 * (`locale`), these lines are ours, so a Spanish page is Spanish all through.
 */
export const CHECKOUT_LINES: InBothLanguages<{
  invoice: (number: number, business: string) => string;
  tip: string;
  deposit: (services: readonly string[]) => string;
}> = {
  en: {
    invoice: (number, business) => `Invoice #${number} from ${business}`,
    tip: 'Tip for the crew',
    deposit: (services) => `Deposit for ${services.join(', ')}`,
  },
  es: {
    invoice: (number, business) => `Factura n.º ${number} de ${business}`,
    tip: 'Propina para el equipo',
    deposit: (services) => `Depósito por ${services.map((s) => serviceNameIn(s, 'es')).join(', ')}`,
  },
};
