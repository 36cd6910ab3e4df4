import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import type { PublicProfile } from '@washdesk/contract';
import { useCurrentPage, type PublicPagePath } from './page-router.ts';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { BusinessProfileProvider } from './profile/business-profile.tsx';

// Each page is its own chunk: a visitor of the embedded quote tool (on a phone, inside another
// site) downloads neither the wizard nor the photo form.
const RequestWizardPage = lazy(() =>
  import('./pages/RequestWizardPage.tsx').then(named('RequestWizardPage')),
);
const PhotoFormPage = lazy(() => import('./pages/PhotoFormPage.tsx').then(named('PhotoFormPage')));
const QuoteToolPage = lazy(() => import('./pages/QuoteToolPage.tsx').then(named('QuoteToolPage')));

function named<K extends string, C extends ComponentType<never>>(key: K) {
  return (module: Record<K, C>) => ({ default: module[key] });
}

// Typed by the contract's list, so a page added there cannot be forgotten here.
const PAGES: Record<PublicPagePath, () => ReactElement> = {
  '/': () => <RequestWizardPage />,
  '/photo-form': () => <PhotoFormPage />,
  '/photo-quote-tool': () => <QuoteToolPage variant="full-page" />,
  '/embed/photo-quote': () => <QuoteToolPage variant="embed" />,
};

interface PublicSiteProps {
  /** Set only when prerendering (src/prerender): the path to render and the profile's stand-ins. */
  prerender?: { path: string; profile: PublicProfile };
}

export function PublicSite({ prerender }: PublicSiteProps) {
  const page = useCurrentPage(prerender?.path);
  return (
    <BusinessProfileProvider profile={prerender?.profile}>
      {/* The chunk is a few kilobytes; an empty main area for that moment is calmer than a spinner. */}
      <Suspense fallback={<main className="page" aria-busy="true" />}>
        {page ? PAGES[page]() : <NotFoundPage />}
      </Suspense>
    </BusinessProfileProvider>
  );
}
