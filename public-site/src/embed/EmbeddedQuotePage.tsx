import { t } from '../i18n/i18n.ts';
import { usePageTitle } from '../layout/page-title.ts';
import { useBusinessProfile } from '../profile/business-profile.tsx';
import { QuoteTool } from '../quote-tool/QuoteTool.tsx';
import { ToastProvider } from '../quote-tool/toast.tsx';
import { useReportHeight } from './use-report-height.ts';

/**
 * The quote tool as another site's frame shows it (/embed/photo-quote): shorter texts, no site
 * header or navigation (the host page has its own), a "Powered by" line, and the frame sized to
 * fit. Without the site's layout, the embed's build (≤ 15 KB brotli, issue 31) carries none of it.
 */
export function EmbeddedQuotePage() {
  const profile = useBusinessProfile();
  usePageTitle(t('quoteTool.title'));
  useReportHeight(true);
  return (
    <main className="page page--bare">
      <ToastProvider>
        <QuoteTool compact />
      </ToastProvider>
      {profile && (
        <footer className="powered-by">
          {/* The spec's "AI Quote System" only where a model makes the quotes. */}
          {t(profile.instantQuotes === 'ai-model' ? 'quoteTool.poweredByAi' : 'quoteTool.poweredBy', {
            business: profile.businessName,
          })}
        </footer>
      )}
    </main>
  );
}
