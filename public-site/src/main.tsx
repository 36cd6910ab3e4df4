import { StrictMode } from 'react';
import { activateLanguage, languageOfThisPage, rememberChosenLanguage } from './i18n/i18n.ts';
import { siteCatalog } from './i18n/site-catalogs.ts';
import { loadPage, PublicSite } from './PublicSite.tsx';
import { showPage } from './show-page.tsx';
import './styles.css';

// The page's language first (its catalog, and the page's chunk, before hydrating the HTML).
const language = languageOfThisPage();
void Promise.all([siteCatalog(language), loadPage(window.location.pathname)]).then(([messages, page]) => {
  activateLanguage(language, messages);
  rememberChosenLanguage();
  showPage(
    <StrictMode>
      <PublicSite page={page} />
    </StrictMode>,
  );
});
