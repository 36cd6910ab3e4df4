import { Callout, Card, Classes, H4, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { conversationDisplayName, conversationSchema } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { ConversationAvatar } from './ConversationAvatar.tsx';
import { MessageComposer } from './MessageComposer.tsx';
import { MessageThread } from './MessageThread.tsx';
import { messengerQueries } from './messenger.queries.ts';

/** Right column: the chosen conversation, its messages and the reply box. */
export function ConversationPanel({ conversationId }: { conversationId: number | null }) {
  return (
    <Card className="messenger-panel" role="region" aria-label="Conversation">
      {conversationId === null ? (
        <NonIdealState
          icon="chat"
          title="Select a conversation"
          description="Choose a conversation on the left to read and answer it."
        />
      ) : (
        <SelectedConversation conversationId={conversationId} />
      )}
    </Card>
  );
}

function SelectedConversation({ conversationId }: { conversationId: number }) {
  const api = useApi();
  const conversation = useQuery({
    queryKey: [...messengerQueries.all, 'conversation', conversationId],
    queryFn: () => api.get(`/api/messenger/conversations/${conversationId}`, conversationSchema),
  });
  if (conversation.isPending) return <Spinner aria-label="Loading the conversation" />;
  if (conversation.isError) {
    return (
      <Callout intent={Intent.DANGER} title="This conversation could not be loaded">
        It may have been removed. Choose another conversation on the left.
      </Callout>
    );
  }
  const name = conversationDisplayName(conversation.data);
  return (
    <>
      <div className="messenger-panel__head">
        <ConversationAvatar displayName={name} />
        <div>
          <H4>{name}</H4>
          <span className={Classes.TEXT_MUTED}>Messenger ID: {conversation.data.facebookUserId}</span>
        </div>
      </div>
      <MessageThread conversationId={conversationId} />
      <MessageComposer recipientId={conversation.data.facebookUserId} />
    </>
  );
}
