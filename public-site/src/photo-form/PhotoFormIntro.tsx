import { PricingBanner } from './PricingBanner.tsx';

/**
 * What the photo form offers, before its fields: the two ways to an estimate. `withAi` says
 * whether an AI model makes the instant estimate (the business profile), so nothing claims it
 * when it does not.
 */
export function PhotoFormIntro({ withAi, followUpHours }: { withAi: boolean; followUpHours: number }) {
  return (
    <>
      <p className="intro">
        Send us a few photos of your house, roof, deck or driveway.{' '}
        {withAi ? 'Our AI gives you an instant estimate' : 'Get an instant rough estimate from your answers'},
        or our team reviews your photos by hand and gets back to you.
      </p>
      <PricingBanner />
      <div className="photo-form-info">
        {withAi ? (
          <section className="photo-form-info__box" aria-labelledby="info-ai">
            <h2 id="info-ai">AI Analysis</h2>
            <p>
              Get an instant estimate: our AI measures the surfaces in your photos and prices them at the
              rates above.
            </p>
          </section>
        ) : (
          <section className="photo-form-info__box" aria-labelledby="info-ai">
            <h2 id="info-ai">Instant Rough Estimate</h2>
            <p>
              A price range at the rates above, from the service you choose and the size of your home. No one
              looks at your photos for it; our team does when confirming the price.
            </p>
          </section>
        )}
        <section className="photo-form-info__box" aria-labelledby="info-manual">
          <h2 id="info-manual">Manual Review</h2>
          <p>Prefer a person? Our team reviews your photos and contacts you within {followUpHours} hours.</p>
        </section>
      </div>
    </>
  );
}
