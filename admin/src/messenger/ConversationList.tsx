import { Button, Card, Classes, H4, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { conversationDisplayName, type Conversation } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { usePollWhileDown } from '../live/poll-while-down.ts';
import { ConversationAvatar } from './ConversationAvatar.tsx';
import { messageTime } from './message-time.ts';
import { messengerQueries, POLL_MS } from './messenger.queries.ts';
import { LoadFailed } from '../shell/LoadFailed.tsx';

interface ConversationListProps {
  selectedId: number | null;
  onSelect(id: number): void;
}

/** Left column: every conversation, most recent first, a page at a time. */
export function ConversationList({ selectedId, onSelect }: ConversationListProps) {
  const api = useApi();
  const conversations = useInfiniteQuery({
    ...messengerQueries.conversations(api),
    refetchInterval: usePollWhileDown(POLL_MS.conversations),
  });
  const rows = conversations.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Card className="messenger-conversations" role="region" aria-label="Active Conversations">
      <H4>Active Conversations</H4>
      {conversations.isPending && (
        <div className="messenger-loading">
          <Spinner size={20} />
          <span>Loading conversations...</span>
        </div>
      )}
      {conversations.isError && <LoadFailed title="The conversations could not be loaded" />}
      {conversations.isSuccess && rows.length === 0 && (
        <NonIdealState icon="chat" title="No conversations yet" />
      )}
      <ul className="messenger-conversations__list">
        {rows.map((c) => (
          <li key={c.id}>
            <ConversationRow conversation={c} selected={c.id === selectedId} onSelect={onSelect} />
          </li>
        ))}
      </ul>
      {conversations.hasNextPage && (
        <Button
          fill
          text="Load more conversations"
          loading={conversations.isFetchingNextPage}
          onClick={() => void conversations.fetchNextPage()}
        />
      )}
    </Card>
  );
}

function ConversationRow({
  conversation,
  selected,
  onSelect,
}: {
  conversation: Conversation;
  selected: boolean;
  onSelect(id: number): void;
}) {
  const name = conversationDisplayName(conversation);
  return (
    <button
      type="button"
      className={`messenger-conversation${selected ? ' messenger-conversation--selected' : ''}`}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(conversation.id)}
    >
      <ConversationAvatar displayName={name} />
      <span className="messenger-conversation__text">
        <span className="messenger-conversation__name">{name}</span>
        <span className={`messenger-conversation__last ${Classes.TEXT_MUTED}`}>
          {conversation.lastMessageText ?? 'No messages'}
        </span>
      </span>
      <span className="messenger-conversation__meta">
        <Tag minimal round intent={conversation.status === 'active' ? Intent.SUCCESS : Intent.NONE}>
          {conversation.status}
        </Tag>
        <span className={Classes.TEXT_MUTED}>{messageTime(conversation.lastMessageAt)}</span>
      </span>
    </button>
  );
}
