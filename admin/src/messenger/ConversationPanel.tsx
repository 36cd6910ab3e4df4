import { Button, Callout, Card, Classes, H4, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AI_HANDLER,
  conversationDisplayName,
  conversationSchema,
  type Conversation,
} from '@washdesk/contract';
import { showToast } from '../toaster.ts';
import { useApi } from '../api/api-context.tsx';
import { ConversationAvatar } from './ConversationAvatar.tsx';
import { MessageComposer } from './MessageComposer.tsx';
import { MessageThread } from './MessageThread.tsx';
import { POLL_MS, messengerQueries } from './messenger.queries.ts';

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
    // Who handles it and Meta's window change with time and with other people's replies.
    refetchInterval: POLL_MS.thread,
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
        <HandledBy conversation={conversation.data} />
      </div>
      <MessageThread conversationId={conversationId} />
      <MessageComposer conversation={conversation.data} />
    </>
  );
}

/** Who answers this conversation now; a staff member can give it back to the AI. */
function HandledBy({ conversation }: { conversation: Conversation }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const handBack = useMutation({
    mutationFn: () =>
      api.send(
        'POST',
        `/api/messenger/conversations/${conversation.id}/hand-back`,
        undefined,
        conversationSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messengerQueries.all }),
    onError: () =>
      showToast({
        intent: Intent.DANGER,
        icon: 'error',
        message: 'The conversation could not be handed back to the AI.',
      }),
  });
  // Only what is true now: the AI is named only when it would answer the next message.
  const handler =
    conversation.handledBy ??
    (conversation.aiReplies ? AI_HANDLER : 'Staff (the AI is not answering Messenger)');
  return (
    <div className="messenger-panel__handler" aria-label="Handled by">
      <span className={Classes.TEXT_MUTED}>Handled by</span>{' '}
      <Tag
        minimal
        intent={conversation.handledBy ? Intent.PRIMARY : Intent.NONE}
        icon={conversation.aiReplies ? 'predictive-analysis' : 'person'}
      >
        {handler}
      </Tag>
      {conversation.handledBy && (
        <Button small text="Hand back to AI" loading={handBack.isPending} onClick={() => handBack.mutate()} />
      )}
    </div>
  );
}
