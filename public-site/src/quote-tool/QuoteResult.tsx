import type { PhotoQuote, PublicProfile } from '@washdesk/contract';
import type { Ref } from 'react';
import { PhoneLink } from '../layout/PhoneLink.tsx';
import './quote-result.css';

interface QuoteResultProps {
  quote: PhotoQuote;
  /** False for the local estimate: nothing measured the photos, and the labels say so. */
  measured: boolean;
  profile: PublicProfile | null;
  compact: boolean;
  onAnotherQuote: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** Spec section 3: a surface type may travel as `house_soft_wash`; people read "House soft wash". */
export const readableSurfaceType = (surfaceType: string) => {
  const spaced = surfaceType.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

const nextSteps = (hours: number) => [
  {
    title: `We contact you within ${hours} hours`,
    detail: 'We call or e-mail to go over your quote and answer any questions.',
  },
  {
    title: 'On-site assessment',
    detail: 'A free visit to measure the surfaces and confirm the price.',
  },
  {
    title: 'Schedule service',
    detail: 'Pick a day that suits you, and we take care of the rest.',
  },
];

export function QuoteResult({
  quote,
  measured,
  profile,
  compact,
  onAnotherQuote,
  headingRef,
}: QuoteResultProps) {
  // The spec's labels where a model measured the photos; otherwise what the figures really are.
  const facts = [
    [measured ? 'Surface type' : 'Priced for', readableSurfaceType(quote.surfaceType)],
    [measured ? 'Estimated area' : 'Typical area', quote.estimatedArea],
    ['Difficulty', quote.difficulty],
  ] as const;
  const notes = quote.notes && <p className="quote-result__notes">{quote.notes}</p>;
  return (
    <section className="quote-result" aria-labelledby="quote-result-heading">
      <h2 id="quote-result-heading" ref={headingRef} tabIndex={-1} className="quote-result__heading">
        Your Rough Quote
      </h2>
      <div className="quote-result__price">
        <span className="quote-result__price-label">Estimated price range</span>
        <span className="quote-result__price-value">{quote.priceRange}</span>
      </div>
      {!measured && notes}
      <dl className="quote-result__facts">
        {facts.map(([term, value]) => (
          <div key={term} className="quote-result__fact">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {quote.serviceRecommendations.length > 0 && (
        <>
          <h3>Recommended services</h3>
          <ul className="quote-result__services">
            {quote.serviceRecommendations.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </>
      )}
      {measured && notes}
      <h3>What Happens Next?</h3>
      <ol className="quote-result__steps">
        {nextSteps(profile?.followUpHours ?? 24).map((step) => (
          <li key={step.title}>
            <strong>{step.title}</strong>
            {!compact && <span className="quote-result__step-detail">{step.detail}</span>}
          </li>
        ))}
      </ol>
      {profile && (
        <p className="quote-result__contact">
          Questions? Call <PhoneLink phone={profile.phone} />
          {profile.email && (
            <>
              {' '}
              or e-mail <a href={`mailto:${profile.email}`}>{profile.email}</a>
            </>
          )}
          .
        </p>
      )}
      <button type="button" className="quote-button quote-button--secondary" onClick={onAnotherQuote}>
        Get Another Quote
      </button>
    </section>
  );
}
