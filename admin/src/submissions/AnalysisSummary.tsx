import { Button, Callout, Classes, H5, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { LOW_CONFIDENCE, formatDollars, type SubmissionAnalysis } from '@washdesk/contract';

const percent = (confidence: number) => `${Math.round(confidence * 100)}%`;
const surfaceName = (type: string) => type.replaceAll('_', ' ');
const PROVIDER_NAMES: Record<SubmissionAnalysis['provider'], string> = {
  openai: 'OpenAI photo analysis',
  'local-estimate': 'Local estimate (no photo analysis)',
};

interface AnalysisSummaryProps {
  analysis: SubmissionAnalysis;
  /** Given while a quote can still be made: fills the quote amount with the suggested price. */
  onUseSuggestedPrice?: (amount: number) => void;
}

/** What the AI (or the local estimator) said about the photos, and what the customer was shown. */
export function AnalysisSummary({ analysis, onUseSuggestedPrice }: AnalysisSummaryProps) {
  const totalArea = analysis.surfaces.reduce((sum, s) => sum + s.squareFootage, 0);
  return (
    <section className="analysis-summary" aria-label="AI analysis">
      <H5>AI analysis</H5>
      <dl className="analysis-summary__facts">
        <dt>Provider</dt>
        <dd>
          {PROVIDER_NAMES[analysis.provider]}
          {analysis.model && <span className={Classes.TEXT_MUTED}> ({analysis.model})</span>}
        </dd>
        <dt>Confidence</dt>
        <dd>
          {percent(analysis.confidence)}{' '}
          {analysis.confidence < LOW_CONFIDENCE && (
            <Tag minimal intent={Intent.WARNING}>
              Low: confirm on site
            </Tag>
          )}
        </dd>
        <dt>Total area</dt>
        <dd>{totalArea.toLocaleString('en-US')} sq ft</dd>
        <dt>Price range shown</dt>
        <dd>
          {formatDollars(analysis.priceLow)} – {formatDollars(analysis.priceHigh)}
        </dd>
        <dt>Suggested price</dt>
        <dd>{formatDollars(analysis.suggestedTotal)}</dd>
      </dl>
      <HTMLTable compact className="analysis-summary__surfaces">
        <thead>
          <tr>
            <th>Surface</th>
            <th>Sq ft</th>
            <th>Difficulty</th>
            <th>Confidence</th>
          </tr>
        </thead>
        <tbody>
          {analysis.surfaces.map((s, i) => (
            <tr key={i}>
              <td>{surfaceName(s.surfaceType)}</td>
              <td>{s.squareFootage.toLocaleString('en-US')}</td>
              <td>{s.difficulty}</td>
              <td>{percent(s.confidence)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {analysis.fallbackReason && (
        <Callout compact intent={Intent.PRIMARY} icon="info-sign">
          Estimated from the customer&apos;s answers: {analysis.fallbackReason}.
        </Callout>
      )}
      {onUseSuggestedPrice && (
        <Button
          icon="bring-data"
          text="Use suggested price"
          onClick={() => onUseSuggestedPrice(analysis.suggestedTotal)}
        />
      )}
    </section>
  );
}
