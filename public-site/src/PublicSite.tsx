import type { ReactElement } from 'react';
import type { PublicProfile } from '@washdesk/contract';
import { matchPublicPage, type PublicPagePath } from './page-router.ts';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { BusinessProfileProvider } from './profile/business-profile.tsx';

// Each page is its own chunk: a visitor of the embedded quote tool (on a phone, inside another
// site) downloads neither the wizard nor the photo form. Typed by the contract's list, so a page
// added there cannot be forgotten here.
const PAGES: Record<PublicPagePath, () => Promise<ReactElement>> = {
  '/': () => import('./pages/RequestWizardPage.tsx').then(({ RequestWizardPage }) => <RequestWizardPage />),
  '/photo-form': () => import('./pages/PhotoFormPage.tsx').then(({ PhotoFormPage }) => <PhotoFormPage />),
  '/photo-quote-tool': () =>
    import('./pages/QuoteToolPage.tsx').then(({ QuoteToolPage }) => <QuoteToolPage variant="full-page" />),
  '/embed/photo-quote': () =>
    import('./pages/QuoteToolPage.tsx').then(({ QuoteToolPage }) => <QuoteToolPage variant="embed" />),
  '/quote/:token': () => import('./pages/QuotePage.tsx').then(({ QuotePage }) => <QuotePage />),
  '/visit/:token': () => import('./pages/VisitPage.tsx').then(({ VisitPage }) => <VisitPage />),
  '/plan-visit/:token': () =>
    import('./pages/PlanVisitPage.tsx').then(({ PlanVisitPage }) => <PlanVisitPage />),
  '/account': () => import('./pages/AccountPage.tsx').then(({ AccountPage }) => <AccountPage />),
  '/account/continue/:token': () =>
    import('./pages/AccountContinuePage.tsx').then(({ AccountContinuePage }) => <AccountContinuePage />),
  '/invoice/:token': () => import('./pages/InvoicePage.tsx').then(({ InvoicePage }) => <InvoicePage />),
};

/**
 * The page a path shows, its chunk loaded. The browser waits for it before hydrating the
 * prerendered HTML (a lazy page would leave that HTML inert until its chunk arrived, and a photo
 * picked meanwhile would be lost); the prerender waits for it too, so both render the same tree.
 * The site has no in-app links: a link is a page load, so the page never changes in place.
 */
export function loadPage(pathname: string): Promise<ReactElement> {
  const page = matchPublicPage(pathname);
  return page ? PAGES[page]() : Promise.resolve(<NotFoundPage />);
}

interface PublicSiteProps {
  page: ReactElement;
  /** Set only when prerendering (src/prerender): the business details' stand-ins. */
  profile?: PublicProfile;
}

export function PublicSite({ page, profile }: PublicSiteProps) {
  return <BusinessProfileProvider profile={profile}>{page}</BusinessProfileProvider>;
}
