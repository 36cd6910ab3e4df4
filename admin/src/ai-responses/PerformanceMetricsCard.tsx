import { Card, Classes, H4 } from '@blueprintjs/core';
import { Tooltip } from '../shell/Tooltip.tsx';
import { useQuery } from '@tanstack/react-query';
import type { AiResponseSummary } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { figureExplanations, formatRate, formatResponseTime, formatTotal } from './ai-response-figures.ts';
import { aiResponseQueries } from './ai-responses.queries.ts';
import './ai-responses.css';
import { LoadFailed } from '../shell/LoadFailed.tsx';

interface Metric {
  label: string;
  value: (s: AiResponseSummary) => string;
  explanation: (s: AiResponseSummary) => string;
}

const METRICS: Metric[] = [
  {
    label: 'Response Accuracy',
    value: (s) => formatRate(s.successRate),
    explanation: figureExplanations.accuracy,
  },
  {
    label: 'Avg Response Time',
    value: (s) => formatResponseTime(s.averageResponseTimeMs),
    explanation: figureExplanations.averageTime,
  },
  { label: 'Total Interactions', value: formatTotal, explanation: figureExplanations.total },
];

/** Settings → AI Settings: the assistant's figures, computed from its response log. */
export function PerformanceMetricsCard() {
  const api = useApi();
  const summary = useQuery(aiResponseQueries.summary(api));
  return (
    <Card className="performance-metrics" role="region" aria-label="Performance Metrics">
      <H4>Performance Metrics</H4>
      {summary.isError ? (
        <LoadFailed title="The figures could not be loaded" />
      ) : (
        <dl className="performance-metrics__list">
          {METRICS.map((metric) => (
            <div
              key={metric.label}
              className="performance-metrics__item"
              role="group"
              aria-label={metric.label}
            >
              <dt className={Classes.TEXT_MUTED}>{metric.label}</dt>
              <dd>
                {summary.data ? (
                  <Tooltip content={metric.explanation(summary.data)} placement="bottom-start">
                    <span tabIndex={0} className="performance-metrics__value">
                      {metric.value(summary.data)}
                    </span>
                  </Tooltip>
                ) : (
                  <span className={`performance-metrics__value ${Classes.SKELETON}`}>00%</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
