import type { Ref } from 'react';
import type { PhotoAnalysisResponse } from '@washdesk/contract';
import { PhoneLink } from '../layout/PhoneLink.tsx';
import { useBusinessProfile } from '../profile/business-profile.tsx';
import { readableSurfaceType } from '../quote-tool/QuoteResult.tsx';
import { formatAdjustment, formatDollars, formatSquareFeet } from '@washdesk/contract';

interface ThankYouProps {
  /** Present when the visitor chose the AI analysis. */
  analysis: PhotoAnalysisResponse | null;
  headingRef: Ref<HTMLHeadingElement>;
}

/** The photo form's final state (spec: it stays, there is no reset). */
export function PhotoFormThankYou({ analysis, headingRef }: ThankYouProps) {
  const profile = useBusinessProfile();
  const hours = profile?.followUpHours ?? 24;
  return (
    <section className="card wizard-done photo-thanks" aria-labelledby="photo-thanks-heading">
      <h2 id="photo-thanks-heading" ref={headingRef} tabIndex={-1}>
        Thank You!
      </h2>
      {analysis ? (
        <>
          <p>
            Your photos were analyzed. Here is your estimate; we contact you within {hours} hours to confirm
            it.
          </p>
          <AnalysisResults analysis={analysis} />
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
