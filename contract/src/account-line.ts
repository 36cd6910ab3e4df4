import { pageLinkIn, type InBothLanguages, type Language } from './language.ts';

// The customer's own page in every quote, visit and invoice message (issue 36, item 1). The line
// links to /account, where the customer asks for a fresh sign-in link, and NOT to a sign-in link
// of its own: a sign-in link lives 60 minutes and is used once, while these messages are read
// days later (a reminder, a receipt kept for taxes), are opened by mail scanners that would spend
// a one-time link before the customer clicks, and are stored in the outbox, where a live key would
// be shown to staff and kept in every backup. /account costs the customer one request and keeps
// every message harmless to forward.

/** The customer's own page (its sign-in form when signed out). */
export const ACCOUNT_PAGE_PATH = '/account';

const ACCOUNT_LINE: InBothLanguages<(url: string) => string> = {
  en: (url) => `All your quotes, visits and invoices: ${url}`,
  es: (url) => `Todos sus presupuestos, visitas y facturas: ${url}`,
};

/** The account line as a customer reads it, its link in their language. */
export const accountLine = (publicUrl: string, language: Language) =>
  ACCOUNT_LINE[language](pageLinkIn(`${publicUrl}${ACCOUNT_PAGE_PATH}`, language));

/** A message with the account line last, on a line of its own. */
export const withAccountLine = (body: string, publicUrl: string, language: Language) =>
  `${body}\n${accountLine(publicUrl, language)}`;
