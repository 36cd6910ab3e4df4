import { Button, Classes, Intent, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { QuoteFollowUps as FollowUps } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { useChange } from '../api/use-change.ts';
import { showFailureToast } from '../toaster.ts';
import { changeQuoteFollowUps, quoteFollowUpQueries } from './quote-follow-ups.queries.ts';
import { formatQuoteTime } from './sent-quote.queries.ts';
import { submissionQueries } from './submission.queries.ts';

const STATE = {
  planned: { text: 'Follow-ups planned', intent: Intent.PRIMARY },
  paused: { text: 'Follow-ups paused', intent: Intent.WARNING },
  stopped: { text: 'Follow-ups stopped', intent: Intent.NONE },
  finished: { text: 'Follow-ups done', intent: Intent.SUCCESS },
  none: { text: 'No follow-ups', intent: Intent.NONE },
} as const;

const lineOf = (f: FollowUps) => {
  const sent = f.sent > 0 ? ` ${f.sent} sent so far.` : '';
  switch (f.state) {
    case 'planned':
      return `Next one due ${formatQuoteTime(f.nextDueAt!)}.${sent}`;
    case 'paused':
      return `Paused by staff: none goes until resumed.${sent}`;
    case 'stopped':
      return `${f.reason ?? 'Stopped'}.${sent}`;
    case 'finished':
      return `Every follow-up went (${f.sent}).`;
    case 'none':
      return 'None was planned: they are off in Settings, or texts and e-mail cannot reach this customer.';
  }
};

/** Where a sent quote's follow-ups stand, with staff's "Stop follow-ups" (and "Resume follow-ups"). */
export function QuoteFollowUps({ quoteId }: { quoteId: number }) {
  const api = useApi();
  const followUps = useQuery(quoteFollowUpQueries.of(api, quoteId));
  const change = useChange({
    change: (client, action: 'stop' | 'resume') => changeQuoteFollowUps(client, quoteId, action),
    success: (action) =>
      action === 'stop' ? 'Follow-ups stopped successfully' : 'Follow-ups resumed successfully',
    refetch: [submissionQueries.all],
    onError: (error) => showFailureToast('Failed to update follow-ups', error),
  });
  const f = followUps.data;
  if (!f) return null;
  return (
    <div className="quote-follow-ups" role="group" aria-label="Follow-ups">
      <Tag round minimal intent={STATE[f.state].intent}>
        {STATE[f.state].text}
      </Tag>
      <span className={Classes.TEXT_MUTED}>{lineOf(f)}</span>
      {f.state === 'planned' && (
        <Button
          size="small"
          icon="stop"
          text="Stop follow-ups"
          loading={change.isPending}
          onClick={() => change.mutate('stop')}
        />
      )}
      {f.state === 'paused' && (
        <Button
          size="small"
          icon="play"
          text="Resume follow-ups"
          loading={change.isPending}
          onClick={() => change.mutate('resume')}
        />
      )}
    </div>
  );
}
