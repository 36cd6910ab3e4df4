// The languages a customer reads Washdesk in (issue 37). Staff screens stay English. One rule for
// choosing a page's language (`chooseLanguage`), shared by the server that serves a prerendered
// page and the page that hydrates it, so both pick the same file and the first render matches.

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** What the switch reads, each in its own language (so a reader finds theirs). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** The locale of money, dates and plurals (`Intl`): Spanish as spoken in the United States. */
export const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/** The query parameter that picks a page's language (`?lang=es`), and the cookie that remembers it. */
export const LANGUAGE_QUERY = 'lang';
export const LANGUAGE_COOKIE = 'washdesk_lang';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** A BCP 47 tag's language: "es-MX" and "ES" are Spanish, "en-GB" English; anything else null. */
export function languageOfTag(tag: string | null | undefined): Language | null {
  const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return isLanguage(primary) ? primary : null;
}

/** The first language of an Accept-Language header we have, by its q-values ("es-MX,es;q=0.9,en;q=0.8"). */
export function languageOfAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: languageOfTag(tag), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.language !== null && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.language ?? null;
}

/** The value of one cookie in a Cookie header (or `document.cookie`). */
export function cookieValue(cookies: string | null | undefined, name: string): string | null {
  for (const part of (cookies ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * A page's language: `?lang=es` first, then the choice the visitor made before (the cookie), then
 * the browser's Accept-Language, else English.
 */
export function chooseLanguage(from: {
  query?: string | null;
  remembered?: string | null;
  acceptLanguage?: string | null;
}): Language {
  return (
    languageOfTag(from.query) ?? languageOfTag(from.remembered) ?? languageOfAcceptLanguage(from.acceptLanguage) ?? DEFAULT_LANGUAGE
  );
}

/** A text in both languages; a message module keeps its Spanish beside its English. */
export type InBothLanguages<T> = Record<Language, T>;

/** "lunes, 30 de noviembre" / "Monday, November 30": a day as a customer reads it, in their language. */
export const dayFormat = (language: Language, timeZone: string) =>
  new Intl.DateTimeFormat(LOCALES[language], { weekday: 'long', month: 'long', day: 'numeric', timeZone });


/**
 * A link to one of our public pages as a customer should open it: in Spanish for a customer whose
 * language is Spanish (`?lang=es` comes first in `chooseLanguage`), as it is for everyone else.
 */
export const pageLinkIn = (link: string, language: Language) =>
  language === DEFAULT_LANGUAGE ? link : `${link}${link.includes('?') ? '&' : '?'}${LANGUAGE_QUERY}=${language}`;
