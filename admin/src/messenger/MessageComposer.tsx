import { useState } from 'react';
import { Button, Callout, InputGroup, Intent } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { messageTime } from './message-time.ts';
import { showSendProblem, showSentToast } from './messenger-toasts.tsx';
import { messengerQueries, sendMessage } from './messenger.queries.ts';

/** Which of Meta's rules a reply typed now goes out under, in the desk's words. */
function windowNotice(c: Conversation): { intent: Intent; text: string } {
  const until = messageTime(c.replyWindowEndsAt);
  if (c.replyWindow === 'standard') {
    return { intent: Intent.NONE, text: `Meta's 24-hour reply window is open until ${until}.` };
  }
  if (c.replyWindow === 'human-agent') {
    return {
      intent: Intent.WARNING,
      text: `More than 24 hours since the customer's last message: your reply goes out with Meta's Human Agent tag (allowed until ${until}). The AI does not reply.`,
    };
  }
  return {
    intent: Intent.DANGER,
    text: "Meta allows replies only within 7 days of the customer's last message, so this conversation cannot be answered until the customer writes again.",
  };
}

/** The reply box: Enter or the button sends; blank text cannot be sent (spec 5). */
export function MessageComposer({ conversation }: { conversation: Conversation }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const recipientId = conversation.facebookUserId;
  const refresh = () => queryClient.invalidateQueries({ queryKey: messengerQueries.all });
  const send = useMutation({
    mutationFn: (messageText: string) => sendMessage(api, { recipientId, messageText }),
    onSuccess: () => {
      setText('');
      showSentToast();
      return refresh();
    },
    onError: (error) => {
      // A message the server kept (though undelivered) is in the thread now with its Retry;
      // keeping it in the box too would invite sending it twice. Anything else keeps the text.
      if (showSendProblem(error)) setText('');
      return refresh();
    },
  });
  const blank = !text.trim();
  const closed = conversation.replyWindow === 'closed';
  const notice = windowNotice(conversation);

  return (
    <>
      <Callout
        className="messenger-window"
        intent={notice.intent}
        icon={closed ? 'disable' : notice.intent === Intent.NONE ? 'time' : 'warning-sign'}
        aria-label="Reply window"
      >
        {notice.text}
      </Callout>
      <form
        className="messenger-composer"
        onSubmit={(e) => {
          e.preventDefault();
          if (!blank && !closed && !send.isPending) send.mutate(text.trim());
        }}
      >
        <InputGroup
          fill
          aria-label="Message"
          placeholder="Type a message..."
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={2000}
        />
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="send-message"
          text="Send"
          disabled={blank || closed}
          loading={send.isPending}
        />
      </form>
    </>
  );
}
