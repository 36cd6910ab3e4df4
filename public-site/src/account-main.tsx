import { StrictMode } from 'react';
import { activateLanguage, languageOfThisPage, rememberChosenLanguage } from './i18n/i18n.ts';
import { siteCatalog } from './i18n/site-catalogs.ts';
import { matchPublicPage } from './page-router.ts';
import { AccountContinuePage } from './pages/AccountContinuePage.tsx';
import { AccountPage } from './pages/AccountPage.tsx';
import { BusinessProfileProvider } from './profile/business-profile.tsx';
import { showPage } from './show-page.tsx';
import './styles.css';

// The customer's own pages (issue 36: "the public site's light stack, fast"), built by
// vite.account.config.ts on Preact's core like the embed: the same components and the same
// prerendered HTML as the whole site's build, without React's renderer to download and run
// on a phone before the page answers. Both pages are in this one small script, so there is no
// second round trip for a page chunk.
const language = languageOfThisPage();
const page =
  matchPublicPage(window.location.pathname) === '/account/continue/:token' ? (
    <AccountContinuePage />
  ) : (
    <AccountPage />
  );
void siteCatalog(language).then((messages) => {
  activateLanguage(language, messages);
  rememberChosenLanguage();
  showPage(
    <StrictMode>
      {/* PublicSite's tree (the prerender's), without its table of every page's chunk. */}
      <BusinessProfileProvider>{page}</BusinessProfileProvider>
    </StrictMode>,
  );
});
