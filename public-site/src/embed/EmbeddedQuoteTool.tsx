import type { PublicProfile } from '@washdesk/contract';
import { BusinessProfileProvider } from '../profile/business-profile.tsx';
import { EmbeddedQuotePage } from './EmbeddedQuotePage.tsx';

/**
 * The embeddable quote tool alone (/embed/photo-quote): what embed-main.tsx hydrates and the
 * build prerenders. It loads inside other businesses' pages, mostly on phones, so it carries no
 * router and no other page.
 */
export function EmbeddedQuoteTool({ prerenderProfile }: { prerenderProfile?: PublicProfile }) {
  return (
    <BusinessProfileProvider profile={prerenderProfile}>
      <EmbeddedQuotePage />
    </BusinessProfileProvider>
  );
}
