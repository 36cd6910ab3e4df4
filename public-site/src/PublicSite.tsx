import type { ReactElement } from 'react';
import { useCurrentPage, type PublicPagePath } from './page-router.ts';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { PhotoFormPage } from './pages/PhotoFormPage.tsx';
import { QuoteToolPage } from './pages/QuoteToolPage.tsx';
import { RequestWizardPage } from './pages/RequestWizardPage.tsx';
import { BusinessProfileProvider } from './profile/business-profile.tsx';

// Typed by the contract's list, so a page added there cannot be forgotten here.
const PAGES: Record<PublicPagePath, () => ReactElement> = {
  '/': () => <RequestWizardPage />,
  '/photo-form': () => <PhotoFormPage />,
  '/photo-quote-tool': () => <QuoteToolPage variant="full-page" />,
  '/embed/photo-quote': () => <QuoteToolPage variant="embed" />,
};

export function PublicSite() {
  const page = useCurrentPage();
  return <BusinessProfileProvider>{page ? PAGES[page]() : <NotFoundPage />}</BusinessProfileProvider>;
}
