import { Card, Classes, H4, Intent, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { RECENT_MESSAGES_LIMIT } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { usePollWhileDown } from '../live/poll-while-down.ts';
import { messageTime } from './message-time.ts';
import { messengerQueries, POLL_MS } from './messenger.queries.ts';
import { SENDER_LABELS } from './MessageThread.tsx';
import { LoadFailed } from '../shell/LoadFailed.tsx';

const SENDER_INTENTS = {
  customer: Intent.PRIMARY,
  staff: Intent.SUCCESS,
  assistant: Intent.WARNING,
} as const;

/** The latest messages across every conversation; a click opens that conversation. */
export function RecentMessagesCard({ onSelect }: { onSelect(conversationId: number): void }) {
  const api = useApi();
  const recent = useQuery({
    ...messengerQueries.recentMessages(api),
    refetchInterval: usePollWhileDown(POLL_MS.recentMessages),
  });
  return (
    <Card className="messenger-recent" role="region" aria-label="Recent Messages">
      <H4>Recent Messages</H4>
      {recent.isError && <LoadFailed title="The recent messages could not be loaded" />}
      {recent.isSuccess && recent.data.length === 0 && <p className={Classes.TEXT_MUTED}>No messages yet</p>}
      <ul className="messenger-recent__list">
        {recent.isPending &&
          Array.from({ length: 3 }, (_, i) => (
            <li key={i} className={Classes.SKELETON}>
              Loading recent messages
            </li>
          ))}
        {recent.data?.slice(0, RECENT_MESSAGES_LIMIT).map((m) => (
          <li key={m.id}>
            <button
              type="button"
              className="messenger-recent__row"
              onClick={() => onSelect(m.conversationId)}
            >
              <Tag minimal intent={SENDER_INTENTS[m.sender]} className="messenger-recent__sender">
                {SENDER_LABELS[m.sender]}
              </Tag>
              <span className="messenger-recent__name">{m.displayName}</span>
              <span className="messenger-recent__text">{m.messageText}</span>
              <span className={Classes.TEXT_MUTED}>{messageTime(m.createdAt)}</span>
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
