import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import type { Language, PublicProfile } from '@washdesk/contract';
import { embedCatalog } from '../i18n/embed-catalogs.ts';
import { activateLanguage } from '../i18n/i18n.ts';
import { siteCatalog } from '../i18n/site-catalogs.ts';
import { EmbeddedQuoteTool } from '../embed/EmbeddedQuoteTool.tsx';
import { PageTitleSink } from '../layout/page-title.ts';
import { loadPage, PublicSite } from '../PublicSite.tsx';

// What the build's prerender plugin needs from the contract, loaded the same way as the pages.
export {
  escapeHtml,
  fillBusinessProfile,
  LANGUAGES,
  pageLanguageFile,
  INSTANT_QUOTE_MODES,
  pageVariantFile,
  prerenderedPageFile,
  PROFILE_STAND_INS,
} from '@washdesk/contract';

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** The page's own title, for the HTML's <title>. */
  title: string;
}

/**
 * Renders a public page to HTML at build time (run by public-site/build/prerender-pages.ts in
 * Node), from the same tree main.tsx and embed-main.tsx hydrate. The embed is
 * rendered by React too: Preact's own renderer (preact-render-to-string) is not installed, and
 * Preact hydrates React's markup of the same components.
 */
export async function renderPage(
  path: string,
  profile: PublicProfile,
  build: 'site' | 'embed',
  language: Language = 'en',
): Promise<RenderedPage> {
  // Each page is rendered once per language, one at a time: the catalog is active for this render.
  activateLanguage(language, await (build === 'embed' ? embedCatalog : siteCatalog)(language));
  let title = '';
  const errors: unknown[] = [];
  const page: ReactNode =
    build === 'embed' ? (
      <EmbeddedQuoteTool prerenderProfile={profile} />
    ) : (
      <PublicSite page={await loadPage(path)} profile={profile} />
    );
  const { prelude } = await prerender(
    <StrictMode>
      <PageTitleSink value={(pageTitle) => (title = pageTitle)}>{page}</PageTitleSink>
    </StrictMode>,
    // A component that fails here would fail for every visitor without JavaScript: stop the build.
    { onError: (error) => void errors.push(error) },
  );
  const html = await new Response(prelude).text();
  if (errors.length) throw errors[0];
  if (!title) throw new Error(`Prerendering ${path} found no page title`);
  return { html, title };
}
