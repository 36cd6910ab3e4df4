import { useEffect, useRef } from 'react';
import { Button, Classes, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { messengerSentSchema, type Message } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { usePollWhileDown } from '../live/poll-while-down.ts';
import { messageTime } from './message-time.ts';
import { messengerQueries, POLL_MS } from './messenger.queries.ts';
import { showSendProblem, showSentToast } from './messenger-toasts.tsx';
import { LoadFailed } from '../shell/LoadFailed.tsx';

export const SENDER_LABELS: Record<Message['sender'], string> = {
  customer: 'Customer',
  staff: 'Staff',
  assistant: 'AI Assistant',
};

/** The thread oldest to newest; only the latest page is loaded until staff ask for older ones. */
export function MessageThread({ conversationId }: { conversationId: number }) {
  const api = useApi();
  const thread = useInfiniteQuery({
    ...messengerQueries.thread(api, conversationId),
    refetchInterval: usePollWhileDown(POLL_MS.thread),
  });
  // Page 0 is the newest; each page reads oldest first. Polling can shift a row across a page
  // boundary, so a message is shown once even if two pages carry it.
  const seen = new Set<number>();
  const messages = [...(thread.data?.pages ?? [])]
    .reverse()
    .flatMap((p) => p.items)
    .filter((m) => !seen.has(m.id) && Boolean(seen.add(m.id)));
  const newestId = messages.at(-1)?.id;
  // A new message scrolls the thread (not the page) to the bottom, where a chat is read.
  const log = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [newestId]);

  if (thread.isPending) return <Spinner aria-label="Loading messages" className="messenger-thread" />;
  if (thread.isError) {
    return <LoadFailed title="The messages could not be loaded" className="messenger-thread" />;
  }
  return (
    <div className="messenger-thread" role="log" aria-label="Messages" ref={log}>
      {thread.hasNextPage && (
        <Button
          small
          className="messenger-thread__older"
          text="Load older messages"
          loading={thread.isFetchingNextPage}
          onClick={() => void thread.fetchNextPage()}
        />
      )}
      {messages.length === 0 && (
        <p className={`messenger-thread__empty ${Classes.TEXT_MUTED}`}>No messages in this conversation</p>
      )}
      {messages.map((m) => (
        <MessageBubble key={m.id} message={m} />
      ))}
    </div>
  );
}

function MessageBubble({ message }: { message: Message }) {
  const fromCustomer = message.sender === 'customer';
  const who =
    message.sender === 'staff' && message.sentBy
      ? `Staff · ${message.sentBy}`
      : SENDER_LABELS[message.sender];
  return (
    <div
      className={`messenger-bubble messenger-bubble--${fromCustomer ? 'customer' : 'ours'}`}
      data-sender={message.sender}
    >
      <p className="messenger-bubble__text">
        {message.attachment?.url ? (
          <a href={message.attachment.url} target="_blank" rel="noopener noreferrer">
            {message.messageText}
          </a>
        ) : (
          message.messageText
        )}
      </p>
      <div className="messenger-bubble__meta">
        {!fromCustomer && <span>{who}</span>}
        <span>{messageTime(message.createdAt)}</span>
        {message.messageTag === 'HUMAN_AGENT' && (
          <Tag minimal title="Sent after Meta's 24-hour window with the Human Agent tag">
            Human Agent
          </Tag>
        )}
        {message.deliveryStatus === 'sent' &&
          (message.readAt ? <span>Read</span> : message.deliveredAt && <span>Delivered</span>)}
        {message.deliveryStatus === 'not_delivered' && (
          <Tag intent={Intent.WARNING} title={message.deliveryError ?? undefined}>
            Not delivered
          </Tag>
        )}
        {message.deliveryStatus === 'pending' && <Tag minimal>Sending…</Tag>}
      </div>
      {message.deliveryStatus === 'not_delivered' && (
        <div className="messenger-bubble__problem">
          {message.deliveryError && <p>{message.deliveryError}</p>}
          <RetryButton messageId={message.id} />
        </div>
      )}
    </div>
  );
}

/** Sends a message that did not reach the customer again; "Message sent" only once it did. */
function RetryButton({ messageId }: { messageId: number }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () =>
      api.send('POST', `/api/messenger/messages/${messageId}/retry`, undefined, messengerSentSchema),
    onSuccess: () => showSentToast(),
    onError: (error) => showSendProblem(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messengerQueries.all }),
  });
  return (
    <Button small icon="refresh" text="Retry" loading={retry.isPending} onClick={() => retry.mutate()} />
  );
}
