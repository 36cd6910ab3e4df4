import { LANGUAGE_NAMES, LANGUAGE_QUERY, LANGUAGES } from '@washdesk/contract';
import { pageLanguage, rememberLanguage, t } from '../i18n/i18n.ts';

/**
 * English / Español on every public page: each name in its own language (`lang`), the page's own
 * marked as current. A plain link to the same page (`?lang=`), remembered for the pages after.
 */
export function LanguageSwitch() {
  const current = pageLanguage();
  return (
    <nav className="language-switch" aria-label={t('common.language')}>
      <ul>
        {LANGUAGES.map((language) => (
          <li key={language}>
            <a
              href={`?${LANGUAGE_QUERY}=${language}`}
              lang={language}
              hrefLang={language}
              aria-current={language === current ? 'true' : undefined}
              onClick={() => rememberLanguage(language)}
            >
              {LANGUAGE_NAMES[language]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
