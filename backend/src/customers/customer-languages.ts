import { languageOfTag, type Language } from '@washdesk/contract';
import type { CustomerRepository } from './customer.repository.ts';

// The customer's language (issue 37), stored once on the customer (migration 0056) by its owner,
// the customer repository. Every channel that writes to a customer asks `languageOf` with the
// phone or e-mail it writes to; pages, calls and texts tell `rememberLanguage` what they heard.

export type CustomerLanguages = Pick<CustomerRepository, 'languageOf' | 'rememberLanguage'>;

/** Where no customer records exist (a test of one feature): everyone reads English. */
export const ENGLISH_ONLY: CustomerLanguages = { languageOf: () => 'en', rememberLanguage: () => 0 };

/**
 * The language a public page was read in when it sent a form: the page says it in the request's
 * Content-Language header (the language of what it sends), null when it does not.
 */
export const pageLanguageOf = (req: { get(name: string): string | undefined }): Language | null =>
  languageOfTag(req.get('content-language'));

/** What a public form's route tells the customers' languages: the page's language, for who sent it. */
export type PageLanguageHeard = (
  req: { get(name: string): string | undefined },
  contact: { phone?: string | null; email?: string | null },
) => void;

/** Remembers the language of the page a form was sent from, when the page said it. */
export const pageLanguageHeard =
  (languages: Pick<CustomerLanguages, 'rememberLanguage'>): PageLanguageHeard =>
  (req, contact) => {
    const language = pageLanguageOf(req);
    if (language) languages.rememberLanguage(contact, language);
  };
