import { Callout, Card, Classes, H3, Icon, Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import type { Stats } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { statsQueries } from './stats.queries.ts';

interface StatCardContent {
  label: string;
  icon: IconName;
  value: (stats: Stats) => string;
  /** A second line from the same figures; the spec's fixed trend texts would be made up. */
  detail: (stats: Stats) => string;
}

const STAT_CARDS: StatCardContent[] = [
  {
    label: "Today's Submissions",
    icon: 'camera',
    value: (s) => String(s.todaySubmissions),
    detail: (s) => `${s.yesterdaySubmissions} yesterday`,
  },
  {
    label: 'Pending Reviews',
    icon: 'time',
    value: (s) => String(s.pendingSubmissions),
    detail: (s) => `${s.reviewedSubmissions} reviewed`,
  },
  {
    label: 'Quote Requests',
    icon: 'dollar',
    value: (s) => String(s.quoteRequests),
    detail: (s) => `${s.thisWeekSubmissions} submissions this week`,
  },
  {
    label: 'Completion Rate',
    icon: 'tick-circle',
    value: (s) => `${s.completionRate}%`,
    detail: (s) => `${s.completedSubmissions} of ${s.totalSubmissions} completed`,
  },
];

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

function StatCard({ card, stats }: { card: StatCardContent; stats: Stats | undefined }) {
  // Without figures every text is a skeleton, so the loading grid has the real cards' shape.
  const skeleton = stats ? undefined : Classes.SKELETON;
  return (
    <Card className="stat-card" role="group" aria-label={card.label} aria-busy={!stats}>
      <div className="stat-card__label">
        <span className={skeleton}>{card.label}</span>
        <Icon icon={card.icon} className={skeleton} />
      </div>
      <H3 className={classes('stat-card__value', skeleton)}>{stats ? card.value(stats) : '00'}</H3>
      <p className={classes(Classes.TEXT_MUTED, skeleton)}>
        {stats ? card.detail(stats) : 'Loading figures'}
      </p>
    </Card>
  );
}

/** The dashboard's four figures (spec: Dashboard), with four placeholder cards while loading. */
export function StatCards() {
  const api = useApi();
  const stats = useQuery(statsQueries.dashboard(api));
  if (stats.isError) {
    return (
      <Callout intent={Intent.DANGER} title="The figures could not be loaded">
        Check that the Washdesk server is running, then reload the page.
      </Callout>
    );
  }
  return (
    <section className="stat-cards" aria-label="Statistics">
      {STAT_CARDS.map((card) => (
        <StatCard key={card.label} card={card} stats={stats.data} />
      ))}
    </section>
  );
}
