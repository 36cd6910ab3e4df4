import type { Ref } from 'react';
import {
  formatAdjustment,
  formatDollarRange,
  formatDollars,
  formatSquareFeet,
  type PhotoAnalysisResponse,
} from '@washdesk/contract';
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
        Thank You!
      </h2>
      {analysis?.provider === 'openai' ? (
        <>
          <p>
            Your photos were analyzed. Here is your estimate; we contact you within {hours} hours to confirm
            it.
          </p>
          <AnalysisResults analysis={analysis} />
        </>
      ) : analysis ? (
        <>
          <p>
            Here is a rough estimate from your answers; your photos were not analyzed for it. We call you
            within {hours} hours to confirm the price once our team has looked at your photos.
          </p>
          <RoughEstimate analysis={analysis} sent={sent} />
        </>
      ) : (
        <p>
          We received your photos. Our team will review them and contact you within {hours} hours with a
          quote.
        </p>
      )}
      {profile && (
        <p>
          Questions? Call us at <PhoneLink phone={profile.phone} />.
        </p>
      )}
    </section>
  );
}

/** What the local estimate priced, and from what, without any figure it cannot stand behind. */
function RoughEstimate({ analysis, sent }: { analysis: PhotoAnalysisResponse; sent: ThankYouProps['sent'] }) {
  const quote = analysis.detailedQuote;
  const size = [
    sent.stories ? `${sent.stories} ${sent.stories === '1' ? 'story' : 'stories'}` : null,
    sent.squareFeet ? `about ${sent.squareFeet.trim()} sq ft` : null,
  ].filter(Boolean);
  return (
    <>
      <h3>Rough Estimate</h3>
      <p className="photo-thanks__range" aria-label="Estimated price range">
        {formatDollarRange(quote.priceRange)}
      </p>
      <p>
        {size.length
          ? `Based on the service you chose and the size you gave: ${size.join(', ')}.`
          : "Based on the service you chose and typical home sizes; your home's size would make it closer."}{' '}
        {quote.rateLabel}.
      </p>
      <ul className="photo-thanks__surfaces" aria-label="Services estimated">
        {quote.serviceBreakdown.map((line) => (
          <li key={line.service}>
            <span>{line.service}</span>
            <span>{formatSquareFeet(line.squareFootage)}</span>
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
      <h3>AI Analysis Results</h3>
      <ul className="photo-thanks__surfaces" aria-label="Surfaces found">
        {analysis.analysisResults.map((result, index) => (
          <li key={`${result.surfaceType}-${index}`}>
            <span>{readableSurfaceType(result.surfaceType)}</span>
            <span>{formatSquareFeet(result.squareFootage)}</span>
            <span>{Math.round(result.confidence * 100)}% confidence</span>
          </li>
        ))}
      </ul>
      <h3>Detailed Quote</h3>
      <table className="photo-thanks__quote">
        <caption className="visually-hidden">Detailed quote</caption>
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col">Area</th>
            <th scope="col">Subtotal</th>
          </tr>
        </thead>
        <tbody>
          {quote.serviceBreakdown.map((line) => (
            <tr key={line.service}>
              <th scope="row">{line.service}</th>
              <td>{formatSquareFeet(line.squareFootage)}</td>
              <td>{formatDollars(line.subtotal)}</td>
            </tr>
          ))}
          {(quote.adjustments ?? []).map((adjustment) => (
            <tr key={adjustment.reason}>
              <th scope="row" colSpan={2}>
                {adjustment.reason}
              </th>
              <td>{formatAdjustment(adjustment.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{formatSquareFeet(quote.totalSquareFootage)}</td>
            <td className="photo-thanks__total">{formatDollars(quote.totalAmount)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="photo-thanks__validity">
        {quote.rateLabel ? `${quote.rateLabel}. ` : ''}Valid for {quote.validityPeriod}.
      </p>
    </>
  );
}
