import type { Ref } from 'react';
import {
  DEFAULT_LANGUAGE,
  formatAdjustment,
  formatDollarRange,
  formatDollars,
  PRICED_SURFACES,
  type PhotoAnalysisResponse,
  type PricedSurface,
} from '@washdesk/contract';
import { pageLanguage, t } from '../i18n/i18n.ts';
import { squareFeetIn } from '../i18n/said-in-answers.ts';
import { saidInPageLanguage } from '../i18n/said-in-english.ts';
import { PhoneLink } from '../layout/PhoneLink.tsx';
import { useBusinessProfile } from '../profile/business-profile.tsx';
import { readableSurfaceType } from '../quote-tool/QuoteResult.tsx';
import type { PhotoFormData } from './photo-form-data.ts';

interface ThankYouProps {
  /** Present when the visitor asked for the instant estimate. */
  analysis: PhotoAnalysisResponse | null;
  /** What the visitor sent, for saying what a rough estimate was based on. */
  sent: Pick<PhotoFormData, 'stories' | 'squareFeet'>;
  headingRef: Ref<HTMLHeadingElement>;
}

/** The photo form's final state (spec: it stays, there is no reset). */
export function PhotoFormThankYou({ analysis, sent, headingRef }: ThankYouProps) {
  const profile = useBusinessProfile();
  const hours = profile?.followUpHours ?? 24;
  return (
    <section className="card wizard-done photo-thanks" aria-labelledby="photo-thanks-heading">
      <h2 id="photo-thanks-heading" ref={headingRef} tabIndex={-1}>
        {t('photoForm.thanks')}
      </h2>
      {analysis?.provider === 'openai' ? (
        <>
          <p>{t('photoForm.thanks.ai', { hours })}</p>
          <AnalysisResults analysis={analysis} />
        </>
      ) : analysis ? (
        <>
          <p>{t('photoForm.thanks.rough', { hours })}</p>
          <RoughEstimate analysis={analysis} sent={sent} />
        </>
      ) : (
        <p>{t('photoForm.thanks.manual', { hours })}</p>
      )}
      {profile && (
        <p>
          {t('common.questionsCallUsAt')} <PhoneLink phone={profile.phone} />.
        </p>
      )}
    </section>
  );
}

/** What the local estimate priced, and from what, without any figure it cannot stand behind. */
function RoughEstimate({ analysis, sent }: { analysis: PhotoAnalysisResponse; sent: ThankYouProps['sent'] }) {
  const quote = analysis.detailedQuote;
  const size = [
    sent.stories ? t('photoForm.rough.stories', { count: Number(sent.stories) }) : null,
    sent.squareFeet ? t('photoForm.rough.about', { squareFeet: sent.squareFeet.trim() }) : null,
  ].filter(Boolean);
  return (
    <>
      <h3>{t('photoForm.rough.heading')}</h3>
      <p className="photo-thanks__range" aria-label={t('photoForm.rough.range')}>
        {formatDollarRange(quote.priceRange)}
      </p>
      <p>
        {size.length
          ? t('photoForm.rough.basedOnSize', { size: size.join(', ') })
          : t('photoForm.rough.basedOnTypical')}{' '}
        {saidInPageLanguage(quote.rateLabel)}.
      </p>
      <ul className="photo-thanks__surfaces" aria-label={t('photoForm.rough.services')}>
        {quote.serviceBreakdown.map((line) => (
          <li key={line.service}>
            <span>{saidInPageLanguage(line.service)}</span>
            <span>{squareFeetIn(line.squareFootage)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function AnalysisResults({ analysis }: { analysis: PhotoAnalysisResponse }) {
  const quote = analysis.detailedQuote;
  return (
    <>
      <h3>{t('photoForm.ai.results')}</h3>
      <ul className="photo-thanks__surfaces" aria-label={t('photoForm.ai.surfaces')}>
        {analysis.analysisResults.map((result, index) => (
          <li key={`${result.surfaceType}-${index}`}>
            <span>{surfaceName(result.surfaceType)}</span>
            <span>{squareFeetIn(result.squareFootage)}</span>
            <span>{t('photoForm.ai.confidence', { percent: Math.round(result.confidence * 100) })}</span>
          </li>
        ))}
      </ul>
      <h3>{t('photoForm.ai.quote')}</h3>
      <table className="photo-thanks__quote">
        <caption className="visually-hidden">{t('photoForm.ai.quoteCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('photoForm.ai.service')}</th>
            <th scope="col">{t('photoForm.ai.area')}</th>
            <th scope="col">{t('photoForm.ai.subtotal')}</th>
          </tr>
        </thead>
        <tbody>
          {quote.serviceBreakdown.map((line) => (
            <tr key={line.service}>
              <th scope="row">{saidInPageLanguage(line.service)}</th>
              <td>{squareFeetIn(line.squareFootage)}</td>
              <td>{formatDollars(line.subtotal)}</td>
            </tr>
          ))}
          {(quote.adjustments ?? []).map((adjustment) => (
            <tr key={adjustment.reason}>
              <th scope="row" colSpan={2}>
                {saidInPageLanguage(adjustment.reason)}
              </th>
              <td>{formatAdjustment(adjustment.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('photoForm.ai.total')}</th>
            <td>{squareFeetIn(quote.totalSquareFootage)}</td>
            <td className="photo-thanks__total">{formatDollars(quote.totalAmount)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="photo-thanks__validity">
        {quote.rateLabel ? `${saidInPageLanguage(quote.rateLabel)}. ` : ''}
        {t('photoForm.ai.validFor', { period: saidInPageLanguage(quote.validityPeriod) })}
      </p>
    </>
  );
}

/** A surface the model measured ("house_soft_wash"): "House soft wash" in English, its name in Spanish. */
const surfaceName = (surfaceType: string) =>
  pageLanguage() !== DEFAULT_LANGUAGE && (PRICED_SURFACES as readonly string[]).includes(surfaceType)
    ? t(`option.surface.${surfaceType as PricedSurface}`)
    : readableSurfaceType(surfaceType);
