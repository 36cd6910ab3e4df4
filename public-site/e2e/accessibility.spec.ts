import { expect, test } from '@playwright/test';
import { accessibilityViolations } from '../../scripts/accessibility-audit.ts';
import { PublicPage } from './public-page.ts';

// Every public route (and the 404 page), at the phone size Lighthouse's mobile audit uses and at a
// desktop width: the same axe checks as Lighthouse's accessibility category, so a touch target
// under 24 px (WCAG 2.2), a missing name or too little contrast fails here, not in a later
// `npm run lighthouse`. Each page is checked once its script has taken over the prerendered HTML.
const ROUTES = [
  '/',
  '/photo-form',
  '/photo-quote-tool',
  '/embed/photo-quote',
  // The customer's page signed out (its sign-in form), and a sign-in link's page.
  '/account',
  `/account/continue/${'x'.repeat(43)}`,
  '/no-such-page',
];
const SIZES = [
  { name: 'phone', viewport: { width: 412, height: 823 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

for (const { name, viewport } of SIZES) {
  test.describe(`at ${name} size`, () => {
    test.use({ viewport });

    for (const route of ROUTES) {
      test(`${route} passes Lighthouse's accessibility checks, touch target sizes included`, async ({
        page,
      }) => {
        const site = new PublicPage(page);
        if (route === '/no-such-page') await site.open(route);
        else await site.openReady(route);

        expect(await accessibilityViolations(page)).toEqual([]);
      });
    }
  });
}
