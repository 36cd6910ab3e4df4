import { StrictMode } from 'react';
import { EmbeddedQuoteTool } from './embed/EmbeddedQuoteTool.tsx';
import { embedCatalog } from './i18n/embed-catalogs.ts';
import { activateLanguage, languageOfThisPage, rememberChosenLanguage } from './i18n/i18n.ts';
import { showPage } from './show-page.tsx';
import './styles.css';

// Built by vite.embed.config.ts, where react-dom is Preact's compat layer. English is in this
// first load; a Spanish widget fetches its small catalog first.
const language = languageOfThisPage();
void embedCatalog(language).then((messages) => {
  activateLanguage(language, messages);
  rememberChosenLanguage();
  showPage(
    <StrictMode>
      <EmbeddedQuoteTool />
    </StrictMode>,
  );
});
