import { EmbeddedQuotePage } from '../embed/EmbeddedQuotePage.tsx';
import { t } from '../i18n/i18n.ts';
import { PageLayout } from '../layout/PageLayout.tsx';
import { QuoteTool } from '../quote-tool/QuoteTool.tsx';
import { ToastProvider } from '../quote-tool/toast.tsx';

interface QuoteToolPageProps {
  /** The embed runs in a frame on another site: shorter text, no site header, a "Powered by" line. */
  variant: 'full-page' | 'embed';
}

/** The instant photo quote tool (spec: /photo-quote-tool and /embed/photo-quote). */
export function QuoteToolPage({ variant }: QuoteToolPageProps) {
  if (variant === 'embed') return <EmbeddedQuotePage />;
  return (
    <PageLayout title={t('quoteTool.title')} page="/photo-quote-tool">
      <ToastProvider>
        <QuoteTool compact={false} />
      </ToastProvider>
    </PageLayout>
  );
}
