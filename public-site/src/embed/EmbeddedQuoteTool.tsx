import type { PublicProfile } from '@washdesk/contract';
import { QuoteToolPage } from '../pages/QuoteToolPage.tsx';
import { BusinessProfileProvider } from '../profile/business-profile.tsx';

/**
 * The embeddable quote tool alone (/embed/photo-quote): what embed-main.tsx hydrates and the
 * build prerenders. It loads inside other businesses' pages, mostly on phones, so it carries no
 * router and no other page.
 */
export function EmbeddedQuoteTool({ prerenderProfile }: { prerenderProfile?: PublicProfile }) {
  return (
    <BusinessProfileProvider profile={prerenderProfile}>
      <QuoteToolPage variant="embed" />
    </BusinessProfileProvider>
  );
}
