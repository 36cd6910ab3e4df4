import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { figureExplanations, formatRate, formatResponseTime, formatTotal } from './ai-response-figures.ts';
import { aiResponseQueries } from './ai-responses.queries.ts';
import { SummaryCard } from './SummaryCard.tsx';
import { LoadFailed } from '../shell/LoadFailed.tsx';

/** Total responses, average response time and success rate, computed over the whole log. */
export function AiResponseSummaryCards() {
  const api = useApi();
  const summary = useQuery(aiResponseQueries.summary(api));
  if (summary.isError) {
    return <LoadFailed title="The figures could not be loaded" className="ai-responses__summary" />;
  }
  const s = summary.data;
  return (
    <section className="stat-cards ai-responses__summary" aria-label="Summary">
      <SummaryCard
        label="Total Responses"
        icon="chat"
        value={s && formatTotal(s)}
        explanation={s && figureExplanations.total(s)}
      />
      <SummaryCard
        label="Avg Response Time"
        icon="time"
        value={s && formatResponseTime(s.averageResponseTimeMs)}
        explanation={s && figureExplanations.averageTime(s)}
      />
      <SummaryCard
        label="Success Rate"
        icon="tick-circle"
        value={s && formatRate(s.successRate)}
        explanation={s && figureExplanations.successRate(s)}
      />
    </section>
  );
}
