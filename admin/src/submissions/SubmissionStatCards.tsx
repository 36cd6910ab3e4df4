import { Card, Classes, H3 } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { Stats } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { statsQueries } from '../dashboard/stats.queries.ts';

// Counted by the server over every submission, not over the page that happens to be loaded.
const CARDS: { label: string; value: (s: Stats) => number }[] = [
  { label: 'Total Submissions', value: (s) => s.totalSubmissions },
  { label: 'Pending Review', value: (s) => s.pendingSubmissions },
  { label: 'Reviewed', value: (s) => s.reviewedSubmissions },
  { label: 'Quoted', value: (s) => s.quotedSubmissions },
];

export function SubmissionStatCards() {
  const api = useApi();
  const stats = useQuery(statsQueries.dashboard(api));
  const skeleton = stats.data ? '' : Classes.SKELETON;
  return (
    <section className="stat-cards submission-stat-cards" aria-label="Submission counts">
      {CARDS.map((card) => (
        <Card
          key={card.label}
          className="stat-card"
          role="group"
          aria-label={card.label}
          aria-busy={!stats.data}
        >
          <div className="stat-card__label">
            <span className={skeleton}>{card.label}</span>
          </div>
          <H3 className={`stat-card__value ${skeleton}`}>
            {stats.data ? card.value(stats.data).toLocaleString('en-US') : stats.isError ? '—' : '00'}
          </H3>
        </Card>
      ))}
    </section>
  );
}
