import { initialsOf } from '@washdesk/contract';

/** The customer's initials in a circle (at most two, spec 2). */
export function ConversationAvatar({ displayName }: { displayName: string }) {
  return (
    <span className="messenger-avatar" aria-hidden="true">
      {initialsOf(displayName)}
    </span>
  );
}
