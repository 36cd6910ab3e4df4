import { useReportHeight } from '../embed/use-report-height.ts';
import { PageLayout } from '../layout/PageLayout.tsx';
import { useBusinessProfile } from '../profile/business-profile.tsx';
import { QuoteTool } from '../quote-tool/QuoteTool.tsx';
import { ToastProvider } from '../quote-tool/toast.tsx';

interface QuoteToolPageProps {
  /** The embed runs in a frame on another site: shorter text, no site header, a "Powered by" line. */
  variant: 'full-page' | 'embed';
}

/** The instant photo quote tool (spec: /photo-quote-tool and /embed/photo-quote). */
export function QuoteToolPage({ variant }: QuoteToolPageProps) {
  const profile = useBusinessProfile();
  const embedded = variant === 'embed';
  useReportHeight(embedded);
  return (
    <PageLayout title="Get Your Instant Quote" bare={embedded} page="/photo-quote-tool">
      <ToastProvider>
        <QuoteTool compact={embedded} />
      </ToastProvider>
      {embedded && profile && (
        <footer className="powered-by">
          {/* The spec's "AI Quote System" only where a model makes the quotes. */}
          Powered by {profile.businessName}{' '}
          {profile.instantQuotes === 'ai-model' ? 'AI Quote System' : 'Quote System'}
        </footer>
      )}
    </PageLayout>
  );
}
