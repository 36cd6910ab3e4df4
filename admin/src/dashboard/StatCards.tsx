import { Card, Classes, H3, Icon } from '@blueprintjs/core';
import { Tooltip } from '../shell/Tooltip.tsx';
import type { IconName } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { MIN_SAMPLE_FOR_RATE, type Stats } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { statsQueries } from './stats.queries.ts';
import { trendText } from './trend.ts';
import { LoadFailed } from '../shell/LoadFailed.tsx';

interface Figures {
  stats: Stats;
}

interface StatCardContent {
  label: string;
  icon: IconName;
  value: (f: Figures) => string;
  /** The trend or a second line over the same stretch of time as the figure. */
  detail: (f: Figures) => string;
  /** What the figure and its second line measure, for the tooltip. */
  explains: string;
}

const TREND_RULE = `A percentage once the earlier figure is at least ${MIN_SAMPLE_FOR_RATE}; below that, the difference in number.`;

const STAT_CARDS: StatCardContent[] = [
  {
    label: "Today's Submissions",
    icon: 'camera',
    value: ({ stats }) => String(stats.todaySubmissions),
    detail: ({ stats }) =>
      trendText(stats.todaySubmissions, stats.yesterdaySubmissionsSoFar, 'from yesterday'),
    explains: `Photo submissions received today since midnight, against yesterday up to the same time of day. ${TREND_RULE}`,
  },
  {
    label: 'Pending Reviews',
    icon: 'time',
    value: ({ stats }) => String(stats.pendingSubmissions),
    detail: ({ stats }) => `${stats.reviewedSubmissions} reviewed`,
    explains:
      'Submissions waiting now that nobody has reviewed or quoted yet, whenever they came in; below, the ones reviewed but not quoted.',
  },
  {
    label: 'Quote Requests',
    icon: 'dollar',
    value: ({ stats }) => String(stats.thisWeekQuotes),
    detail: ({ stats }) => trendText(stats.thisWeekQuotes, stats.lastWeekQuotesSoFar, 'from last week'),
    explains: `Submissions received this week (since Monday) that got a quote, against those received last week up to the same moment. ${TREND_RULE}`,
  },
  {
    label: 'Completion Rate',
    icon: 'tick-circle',
    value: ({ stats }) => `${stats.completionRate}%`,
    detail: ({ stats }) => `${stats.completedSubmissions} of ${stats.totalSubmissions} completed`,
    explains: 'Completed submissions out of all submissions ever received, rounded to a whole percent.',
  },
];

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

function StatCard({ card, figures }: { card: StatCardContent; figures: Figures | undefined }) {
  // Without figures every text is a skeleton, so the loading grid has the real cards' shape.
  const skeleton = figures ? undefined : Classes.SKELETON;
  return (
    <Card className="stat-card" role="group" aria-label={card.label} aria-busy={!figures}>
      <div className="stat-card__label">
        <span className={skeleton}>{card.label}</span>
        <Icon icon={card.icon} className={skeleton} />
      </div>
      <H3 className={classes('stat-card__value', skeleton)}>{figures ? card.value(figures) : '00'}</H3>
      {figures ? (
        <Tooltip content={card.explains} placement="bottom" className="stat-card__detail">
          <p className={Classes.TEXT_MUTED} tabIndex={0}>
            {card.detail(figures)}
          </p>
        </Tooltip>
      ) : (
        <p className={classes(Classes.TEXT_MUTED, skeleton)}>Loading figures</p>
      )}
    </Card>
  );
}

/** The dashboard's four figures (spec: Dashboard), with four placeholder cards while loading. */
export function StatCards() {
  const api = useApi();
  const stats = useQuery(statsQueries.dashboard(api));
  if (stats.isError) {
    return <LoadFailed title="The figures could not be loaded" />;
  }
  const figures = stats.data && { stats: stats.data };
  return (
    <section className="stat-cards" aria-label="Statistics">
      {STAT_CARDS.map((card) => (
        <StatCard key={card.label} card={card} figures={figures} />
      ))}
    </section>
  );
}
