import { i18n, type Messages } from '@lingui/core';
import {
  chooseLanguage,
  cookieValue,
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY,
  languageOfTag,
  LOCALES,
  type Language,
} from '@washdesk/contract';
import type { MessageId } from './catalog.en.ts';

// The public pages' language (issue 37) through Lingui's runtime (@lingui/core): one catalog is
// active per page load, chosen before the first render, so the prerendered HTML, the hydration and
// every later render say the same words. Plurals, numbers and dates format through Intl in the
// active locale (es-US for Spanish).

let active: Language = DEFAULT_LANGUAGE;

/** Makes `language` the page's, with its compiled catalog (src/i18n/compiled). */
export function activateLanguage(language: Language, messages: Messages) {
  i18n.loadAndActivate({ locale: LOCALES[language], messages });
  active = language;
}

/** The page's language. */
export const pageLanguage = () => active;

/** A message of the active catalog, its {placeholders} filled. */
export const t = (id: MessageId, values?: Record<string, unknown>): string => i18n._(id, values);

/**
 * The language a page load shows: the prerendered HTML's own (the server chose it), else (the dev
 * server) `?lang=`, the remembered choice, then the browser's languages (the contract's one rule).
 */
export function languageOfThisPage(): Language {
  const root = document.getElementById('root');
  if (root?.firstElementChild) return languageOfTag(document.documentElement.lang) ?? DEFAULT_LANGUAGE;
  return chooseLanguage({
    query: new URLSearchParams(window.location.search).get(LANGUAGE_QUERY),
    remembered: cookieValue(document.cookie, LANGUAGE_COOKIE),
    acceptLanguage: navigator.languages.join(','),
  });
}

/** Keeps the visitor's choice for the pages they open next (the server reads the cookie). */
export function rememberLanguage(language: Language) {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** A page opened with `?lang=` (a link we texted, the switch) remembers it. */
export function rememberChosenLanguage() {
  const chosen = languageOfTag(new URLSearchParams(window.location.search).get(LANGUAGE_QUERY));
  if (chosen) rememberLanguage(chosen);
  document.documentElement.lang = active;
}

/** Adds messages to the page's catalog (the embed's quote view brings its own words: quote-tool/answer-words.ts). */
export const learnMessages = (messages: Messages) => i18n.load(LOCALES[active], messages);
