import { PageLayout } from '../layout/PageLayout.tsx';
import { useBusinessProfile } from '../profile/business-profile.tsx';

interface QuoteToolPageProps {
  /** The embed runs in a frame on another site: shorter text, no site header, a "Powered by" line. */
  variant: 'full-page' | 'embed';
}

/** The instant photo quote tool (spec: /photo-quote-tool and /embed/photo-quote). */
export function QuoteToolPage({ variant }: QuoteToolPageProps) {
  const profile = useBusinessProfile();
  const embedded = variant === 'embed';
  return (
    <PageLayout title="Get Your Instant Quote" bare={embedded}>
      <h1>Get Your Instant Quote</h1>
      <p className="intro">
        {embedded
          ? 'Upload up to 5 photos for a rough quote in seconds.'
          : 'Upload up to 5 photos of the surfaces you want cleaned. Our AI estimates the area and gives you a rough price range in seconds; we then confirm it with a free on-site assessment.'}
      </p>
      {embedded && profile && <p className="powered-by">Powered by {profile.businessName} AI Quote System</p>}
    </PageLayout>
  );
}
