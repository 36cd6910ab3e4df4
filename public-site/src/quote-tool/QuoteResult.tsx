import type { PhotoQuote, PublicProfile } from '@washdesk/contract';
import type { Ref } from 'react';
import { t } from '../i18n/i18n.ts';
import { listInPageLanguage, notesInPageLanguage } from '../i18n/said-in-answers.ts';
import { saidInPageLanguage } from '../i18n/said-in-english.ts';
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

// The details are the full page's only: the embed's catalog (src/i18n) does not carry them.
const nextSteps = (hours: number) =>
  [
    { title: t('quoteResult.step1', { hours }), detail: 'quoteToolPage.step1Detail' },
    { title: t('quoteResult.step2'), detail: 'quoteToolPage.step2Detail' },
    { title: t('quoteResult.step3'), detail: 'quoteToolPage.step3Detail' },
  ] as const;

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
    [
      t(measured ? 'quoteResult.surfaceType' : 'quoteResult.pricedFor'),
      listInPageLanguage(readableSurfaceType(quote.surfaceType)),
    ],
    [
      t(measured ? 'quoteResult.estimatedArea' : 'quoteResult.typicalArea'),
      saidInPageLanguage(quote.estimatedArea),
    ],
    [t('quoteResult.difficulty'), saidInPageLanguage(quote.difficulty)],
  ] as const;
  const notes = quote.notes && <p className="quote-result__notes">{notesInPageLanguage(quote.notes)}</p>;
  return (
    <section className="quote-result" aria-labelledby="quote-result-heading">
      <h2 id="quote-result-heading" ref={headingRef} tabIndex={-1} className="quote-result__heading">
        {t('quoteResult.heading')}
      </h2>
      <div className="quote-result__price">
        <span className="quote-result__price-label">{t('quoteResult.priceRange')}</span>
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
          <h3>{t('quoteResult.recommended')}</h3>
          <ul className="quote-result__services">
            {quote.serviceRecommendations.map((service) => (
              <li key={service}>{saidInPageLanguage(service)}</li>
            ))}
          </ul>
        </>
      )}
      {measured && notes}
      <h3>{t('quoteResult.next')}</h3>
      <ol className="quote-result__steps">
        {nextSteps(profile?.followUpHours ?? 24).map((step) => (
          <li key={step.title}>
            <strong>{step.title}</strong>
            {!compact && <span className="quote-result__step-detail">{t(step.detail)}</span>}
          </li>
        ))}
      </ol>
      {profile && (
        <p className="quote-result__contact">
          {t('quoteResult.call')} <PhoneLink phone={profile.phone} />
          {profile.email && (
            <>
              {' '}
              {t('quoteResult.orEmail')} <a href={`mailto:${profile.email}`}>{profile.email}</a>
            </>
          )}
          .
        </p>
      )}
      <button type="button" className="quote-button quote-button--secondary" onClick={onAnotherQuote}>
        {t('quoteResult.another')}
      </button>
    </section>
  );
}
