import { Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { usePollWhileDown } from '../live/poll-while-down.ts';
import { useSeenOnOpen } from '../live/new-for-me.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { ConversationList } from './ConversationList.tsx';
import { ConversationPanel } from './ConversationPanel.tsx';
import { messengerQueries, POLL_MS } from './messenger.queries.ts';
import { RecentMessagesCard } from './RecentMessagesCard.tsx';
import './messenger.css';

export function MessengerScreen() {
  const api = useApi();
  const active = useQuery({
    ...messengerQueries.activeCount(api),
    refetchInterval: usePollWhileDown(POLL_MS.conversations),
  });
  // The open conversation lives in the URL, so a reload or a link comes back to it.
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = Number(searchParams.get('conversation')) || null;
  const select = (id: number) => setSearchParams({ conversation: String(id) }, { replace: true });
  // Opening Messenger, or a conversation in it, is reading its messages: the sidebar's count clears.
  useSeenOnOpen('messages', selectedId);

  return (
    <>
      <PageHeader
        page="/admin/messenger-conversations"
        action={
          <Tag large minimal icon="chat" className="messenger-active-count">
            {active.data === undefined
              ? '— active conversations'
              : `${active.data} active conversation${active.data === 1 ? '' : 's'}`}
          </Tag>
        }
      />
      <div className="messenger">
        <ConversationList selectedId={selectedId} onSelect={select} />
        <ConversationPanel conversationId={selectedId} />
      </div>
      <RecentMessagesCard onSelect={select} />
    </>
  );
}
