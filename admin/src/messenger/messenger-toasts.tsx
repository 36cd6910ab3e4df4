import { Intent, type IconName } from '@blueprintjs/core';
import { ApiError, isUnauthorized } from '../api/api-client.ts';
import { showToast } from '../toaster.ts';
import {
  ERROR_CODES,
  MESSENGER_DELIVERY_FAILED,
  MESSENGER_WINDOW_CLOSED,
  MESSENGER_WINDOW_CLOSED_CODE,
} from '@washdesk/contract';

function titledToast(intent: Intent, icon: IconName, title: string, text: string) {
  showToast({
    intent,
    icon,
    message: (
      <>
        <strong>{title}</strong>
        <div>{text}</div>
      </>
    ),
  });
}

export const showSentToast = () =>
  titledToast(Intent.SUCCESS, 'tick', 'Message sent', 'Your message has been sent successfully.');

/**
 * A send that failed. When the server kept the message but could not deliver it, staff are told
 * exactly that (it is in the thread, the customer has not got it); anything else is the spec's
 * error toast. Answers whether the message was kept, so the input can be cleared.
 */
export function showSendProblem(error: unknown): boolean {
  // A 401 has already led to the sign-in screen, which says why.
  if (isUnauthorized(error)) return false;
  const code = error instanceof ApiError ? error.body?.code : undefined;
  if (code === MESSENGER_WINDOW_CLOSED_CODE) {
    // Nothing was kept: the text stays in the box.
    titledToast(Intent.WARNING, 'disable', 'Not sent', MESSENGER_WINDOW_CLOSED);
    return false;
  }
  if (code === ERROR_CODES.messengerNotConnected) {
    titledToast(
      Intent.WARNING,
      'warning-sign',
      'Saved, not delivered',
      'Messenger is not connected, so the customer did not get this message. It is kept in the conversation.',
    );
    return true;
  }
  if (code === MESSENGER_DELIVERY_FAILED && error instanceof ApiError) {
    // The server's reason reads "not delivered: <why>"; the title already says the first part.
    const why = (error.body?.message ?? '').replace(/^not delivered:\s*/i, '');
    titledToast(
      Intent.WARNING,
      'warning-sign',
      'Saved, not delivered',
      `${why.charAt(0).toUpperCase()}${why.slice(1)}. It is kept in the conversation.`,
    );
    return true;
  }
  titledToast(Intent.DANGER, 'error', 'Error', 'Failed to send message. Please try again.');
  return false;
}
