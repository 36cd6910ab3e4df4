import { useState } from 'react';
import {
  Button,
  Callout,
  Card,
  Classes,
  H4,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { textMessageSchema, textThreadSchema, type TextMessage } from '@washdesk/contract';
import { z } from 'zod';
import { useApi } from '../api/api-context.tsx';
import { useChange } from '../api/use-change.ts';
import { showProblemToast } from '../toaster.ts';
import { messageTime } from '../messenger/message-time.ts';
import { textQueries } from './texts.queries.ts';
import { PhotoThumbnails } from '../submissions/PhotoThumbnails.tsx';
import { VisibleText } from './VisibleText.tsx';
import { PlannedTexts } from './PlannedTexts.tsx';
import { splitPlanned } from './planned-texts.ts';
import { useScrollToNewest } from './use-scroll-to-newest.ts';
import './texts.css';

const SENDERS: Record<TextMessage['sender'], string> = {
  customer: 'Customer',
  staff: 'Staff',
  assistant: 'AI assistant',
  automatic: 'Automatic text',
};
/** What each state means to staff; "sent" only once Twilio took the text. */
const STATE_WORDS: Partial<Record<TextMessage['state'], { text: string; intent: Intent }>> = {
  pending: { text: 'Waiting to send', intent: Intent.NONE },
  sending: { text: 'Sending…', intent: Intent.NONE },
  queued: { text: 'Sent to Twilio', intent: Intent.NONE },
  sent: { text: 'Sent', intent: Intent.NONE },
  delivered: { text: 'Delivered', intent: Intent.SUCCESS },
  undelivered: { text: 'Not delivered', intent: Intent.WARNING },
  failed: { text: 'Not sent', intent: Intent.DANGER },
  cancelled: { text: 'Not sent', intent: Intent.WARNING },
};

/** Right column: one number's texts, the reply box and the takeover switch. */
export function TextThreadPanel({ threadId, configured }: { threadId: number | null; configured: boolean }) {
  return (
    <Card className="messenger-panel" role="region" aria-label="Text conversation">
      {threadId === null ? (
        <NonIdealState icon="mobile-phone" title="Select a conversation" />
      ) : (
        <OpenThread threadId={threadId} configured={configured} />
      )}
    </Card>
  );
}

function OpenThread({ threadId, configured }: { threadId: number; configured: boolean }) {
  const api = useApi();
  const thread = useQuery(textQueries.thread(api, threadId));
  const [text, setText] = useState('');
  const box = useScrollToNewest(thread.data ? threadId : null, thread.data?.messages.length ?? 0);
  const send = useChange({
    change: (client, body: string) =>
      client.send(
        'POST',
        `/api/texts/threads/${threadId}/messages`,
        { body },
        z.object({ message: textMessageSchema }),
      ),
    success: 'Text queued',
    refetch: [textQueries.all],
    onDone: () => setText(''),
    onError: showProblemToast,
  });
  const takeOver = useChange({
    change: (client, on: boolean) =>
      client.send('POST', `/api/texts/threads/${threadId}/take-over`, { on }, textThreadSchema),
    success: (on) => (on ? 'You have taken this conversation over' : 'Handed back to the assistant'),
    refetch: [textQueries.all],
    onError: showProblemToast,
  });
  if (thread.isPending) return <Spinner aria-label="Loading the conversation" />;
  if (thread.isError) return <Callout intent={Intent.DANGER} title="This conversation could not be loaded" />;
  const { thread: t } = thread.data;
  // What was said, oldest first; texts the outbox holds for later follow it, marked as planned.
  const { said: messages, planned } = splitPlanned(thread.data.messages);
  const blank = !text.trim();
  const canSend = configured && !t.optedOut;
  return (
    <>
      <div className="messenger-panel__head">
        <div>
          <H4>{t.customerName ?? t.phone}</H4>
          <span className={Classes.TEXT_MUTED}>{t.phone}</span>
        </div>
        <Button
          small
          icon={t.takenOver ? 'predictive-analysis' : 'user'}
          text={t.takenOver ? 'Hand back to AI' : 'Take over'}
          loading={takeOver.isPending}
          onClick={() => takeOver.mutate(!t.takenOver)}
        />
      </div>
      {t.optedOut && (
        <Callout intent={Intent.WARNING} icon="disable">
          This number replied STOP: no text goes to it until the customer replies START.
        </Callout>
      )}
      <div className="messenger-thread" aria-label="Texts" ref={box}>
        {messages.length === 0 && planned.length === 0 && (
          <p className="messenger-thread__empty">No messages in this conversation</p>
        )}
        {messages.map((m) => (
          <div
            key={m.id}
            className={`messenger-bubble messenger-bubble--${m.direction === 'in' ? 'customer' : 'ours'}`}
            data-sender={m.sender}
            data-state={m.state}
          >
            {(m.body || m.photos.length === 0) && (
              <p className="messenger-bubble__text">
                {m.body ? <VisibleText text={m.body} /> : m.mediaCount ? 'Sent a photo' : ''}
              </p>
            )}
            {m.photos.length > 0 && (
              <PhotoThumbnails photos={m.photos} customerName={t.customerName ?? t.phone} />
            )}
            {m.mediaRefused > 0 && (
              <p className="messenger-bubble__problem">
                {m.mediaRefused === 1
                  ? '1 attachment was not kept (not a photo, too large, or not received)'
                  : `${m.mediaRefused} attachments were not kept (not photos, too large, or not received)`}
              </p>
            )}
            <div className="messenger-bubble__meta">
              {m.direction === 'out' && (
                <span>{m.staffName ? `Staff · ${m.staffName}` : SENDERS[m.sender]}</span>
              )}
              <span>{messageTime(m.createdAt)}</span>
              {STATE_WORDS[m.state] && (
                <Tag minimal intent={STATE_WORDS[m.state]!.intent} title={m.problem ?? undefined}>
                  {STATE_WORDS[m.state]!.text}
                </Tag>
              )}
            </div>
            {m.problem && m.state !== 'delivered' && (
              <div className="messenger-bubble__problem">
                <p>{m.problem}</p>
              </div>
            )}
          </div>
        ))}
        <PlannedTexts messages={planned} senders={SENDERS} />
      </div>
      <form
        className="messenger-composer"
        onSubmit={(e) => {
          e.preventDefault();
          if (!blank && canSend && !send.isPending) send.mutate(text.trim());
        }}
      >
        <InputGroup
          fill
          aria-label="Text message"
          placeholder={configured ? 'Type a text...' : 'Texting is not set up'}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={1600}
          disabled={!canSend}
        />
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="send-message"
          text="Send"
          disabled={blank || !canSend}
          loading={send.isPending}
        />
      </form>
    </>
  );
}
