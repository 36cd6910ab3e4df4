import { useState } from 'react';
import { Button, InputGroup, Intent } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { showSendProblem, showSentToast } from './messenger-toasts.tsx';
import { messengerQueries, sendMessage } from './messenger.queries.ts';

/** The reply box: Enter or the button sends; blank text cannot be sent (spec 5). */
export function MessageComposer({ recipientId }: { recipientId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: messengerQueries.all });
  const send = useMutation({
    mutationFn: (messageText: string) => sendMessage(api, { recipientId, messageText }),
    onSuccess: () => {
      setText('');
      showSentToast();
      return refresh();
    },
    onError: (error) => {
      // A message the server kept (though undelivered) is in the thread now; keeping it in the
      // box too would invite sending it twice.
      if (showSendProblem(error)) {
        setText('');
        return refresh();
      }
    },
  });
  const blank = !text.trim();

  return (
    <form
      className="messenger-composer"
      onSubmit={(e) => {
        e.preventDefault();
        if (!blank && !send.isPending) send.mutate(text.trim());
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
        disabled={blank}
        loading={send.isPending}
      />
    </form>
  );
}
