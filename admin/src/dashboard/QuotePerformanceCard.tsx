import { Card, Classes, H4, Intent, Tag } from '@blueprintjs/core';
import { Tooltip } from '../shell/Tooltip.tsx';
import { useQuery } from '@tanstack/react-query';
import { MIN_SAMPLE_FOR_RATE, type QuotePerformance } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { statsQueries } from './stats.queries.ts';

const NO_DATA = '—';

export const formatSeconds = (ms: number) => `${(ms / 1000).toFixed(1)}s avg`;

interface Row {
  label: string;
  value: (p: QuotePerformance) => string;
  explains: (p: QuotePerformance) => string;
}

/** Why a rate is "—": how many cases there are of the ones it needs. */
const notEnough = (have: number, what: string) =>
  `Not enough data yet: ${have} of the ${MIN_SAMPLE_FOR_RATE} ${what} needed.`;

// Each figure says what it measures, with its own counts, and "—" with the reason while there is
// too little to measure, so nobody mistakes it for a promise.
const ROWS: Row[] = [
  {
    label: 'Photo Analysis Accuracy',
    value: (p) => (p.accuracyPercent === null ? NO_DATA : `${p.accuracyPercent}%`),
    explains: (p) =>
      `How often staff's quote fell inside the price range the AI gave from the photos (local estimates are not counted). ${
        p.accuracyPercent === null
          ? notEnough(p.quotedWithAnalysis, 'quoted submissions with an AI photo analysis')
          : `${p.quotedWithinRange} of ${p.quotedWithAnalysis} quoted submissions with an AI photo analysis.`
      }`,
  },
  {
    label: 'Quote Conversion Rate',
    value: (p) => (p.conversionPercent === null ? NO_DATA : `${p.conversionPercent}%`),
    explains: (p) =>
      `Submissions that got a quote, of all submissions ever received. ${
        p.conversionPercent === null
          ? notEnough(p.totalSubmissions, 'submissions')
          : `${p.quotedSubmissions} of ${p.totalSubmissions}.`
      }`,
  },
  {
    label: 'Processing Speed',
    value: (p) => (p.averageAnalysisMs === null ? NO_DATA : formatSeconds(p.averageAnalysisMs)),
    explains: (p) =>
      p.averageAnalysisMs === null
        ? 'Average time from saved photos to a quote. No instant quote has been made yet.'
        : `Average time from saved photos to a quote (AI analysis or local estimate), over ${p.analyses} instant quotes.`,
  },
];

/** Quote Analysis Performance (spec: Dashboard), computed from stored data instead of fixed figures. */
export function QuotePerformanceCard() {
  const api = useApi();
  const performance = useQuery(statsQueries.quotePerformance(api));
  const health = useQuery(statsQueries.health(api));
  const skeleton = performance.data ? '' : Classes.SKELETON;
  return (
    <Card className="dashboard-card" role="region" aria-label="Quote Analysis Performance">
      <H4>Quote Analysis Performance</H4>
      {performance.isError && (
        <p className={Classes.TEXT_MUTED}>The performance figures could not be loaded.</p>
      )}
      <dl className="performance-figures">
        {ROWS.map((row) => (
          <div key={row.label} className="performance-figures__row">
            <dt>{row.label}</dt>
            <dd className={skeleton}>
              {performance.data ? (
                <Tooltip content={row.explains(performance.data)} placement="left">
                  <span tabIndex={0} aria-label={`${row.label}: ${row.value(performance.data)}`}>
                    {row.value(performance.data)}
                  </span>
                </Tooltip>
              ) : (
                NO_DATA
              )}
            </dd>
          </div>
        ))}
        <div className="performance-figures__row">
          <dt>System Status</dt>
          <dd>
            <Tooltip
              content="The server's own health check: it answers and its database is readable."
              placement="left"
            >
              <SystemStatus ok={health.data?.ok} failed={health.isError} />
            </Tooltip>
          </dd>
        </div>
      </dl>
    </Card>
  );
}

function SystemStatus({ ok, failed }: { ok: boolean | undefined; failed: boolean }) {
  if (failed)
    return (
      <Tag intent={Intent.DANGER} round tabIndex={0}>
        Unreachable
      </Tag>
    );
  if (ok === undefined) return <span className={Classes.SKELETON}>Checking</span>;
  return (
    <Tag intent={ok ? Intent.SUCCESS : Intent.WARNING} round tabIndex={0}>
      {ok ? 'Operational' : 'Degraded'}
    </Tag>
  );
}
