import { Callout, Card, Classes, H4, Intent, NonIdealState, Spinner, Switch } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { followThroughSettingsSchema, type TextThread } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { useChange } from '../api/use-change.ts';
import { useSeenOnOpen } from '../live/new-for-me.ts';
import { showProblemToast } from '../toaster.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { LoadFailed } from '../shell/LoadFailed.tsx';
import { ConversationAvatar } from '../messenger/ConversationAvatar.tsx';
import { messageTime } from '../messenger/message-time.ts';
import { TextThreadPanel } from './TextThreadPanel.tsx';
import { textQueries } from './texts.queries.ts';
import '../messenger/messenger.css';
import { VisibleText } from './VisibleText.tsx';

/** Texts on the business number, laid out as Messenger is: threads on the left, one open on the right. */
export function TextsScreen() {
  const api = useApi();
  const status = useQuery(textQueries.status(api));
  const threads = useQuery(textQueries.threads(api));
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = Number(searchParams.get('thread')) || null;
  const select = (id: number) => setSearchParams({ thread: String(id) }, { replace: true });
  // Opening Texts, or a thread in it, is reading the customers' texts: the sidebar's count clears.
  useSeenOnOpen('texts', selectedId);

  return (
    <>
      <PageHeader page="/admin/texts" />
      {status.data && !status.data.configured && (
        <Callout intent={Intent.WARNING} title="Texting is not set up" className="texts-not-configured">
          {status.data.problem}. Customers' texts cannot reach this screen and nothing can be sent until
          TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_PHONE_NUMBER are set.
        </Callout>
      )}
      <MissedCallSwitch configured={status.data?.configured ?? false} />
      <div className="messenger">
        <Card className="messenger-conversations" role="region" aria-label="Text conversations">
          <H4>Text conversations</H4>
          {threads.isPending && <Spinner size={20} aria-label="Loading text conversations" />}
          {threads.isError && <LoadFailed title="The text conversations could not be loaded" />}
          {threads.isSuccess && threads.data.length === 0 && (
            <NonIdealState icon="mobile-phone" title="No texts yet" />
          )}
          <ul className="messenger-conversations__list">
            {threads.data?.map((t) => (
              <li key={t.id}>
                <ThreadRow thread={t} selected={t.id === selectedId} onSelect={select} />
              </li>
            ))}
          </ul>
        </Card>
        <TextThreadPanel threadId={selectedId} configured={status.data?.configured ?? false} />
      </div>
    </>
  );
}

export const threadName = (t: TextThread) => t.customerName ?? t.phone;

function ThreadRow({
  thread,
  selected,
  onSelect,
}: {
  thread: TextThread;
  selected: boolean;
  onSelect(id: number): void;
}) {
  return (
    <button
      type="button"
      className={`messenger-conversation${selected ? ' messenger-conversation--selected' : ''}`}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(thread.id)}
    >
      <ConversationAvatar displayName={threadName(thread)} />
      <span className="messenger-conversation__text">
        <span className="messenger-conversation__name">{threadName(thread)}</span>
        <span className={`messenger-conversation__last ${Classes.TEXT_MUTED}`}>
          {thread.lastMessage !== null ? <VisibleText text={thread.lastMessage} /> : 'No messages'}
        </span>
      </span>
      <span className="messenger-conversation__meta">
        <span className={Classes.TEXT_MUTED}>{messageTime(thread.lastMessageAt)}</span>
      </span>
    </button>
  );
}

/** The missed-call text-back switch; says plainly when texting is not set up to do it. */
function MissedCallSwitch({ configured }: { configured: boolean }) {
  const api = useApi();
  const settings = useQuery(textQueries.settings(api));
  const save = useChange({
    change: (client, on: boolean) =>
      client.send('PUT', '/api/texts/settings', { missedCallTextBack: on }, followThroughSettingsSchema),
    success: (on) => (on ? 'Missed-call text-back is on' : 'Missed-call text-back is off'),
    refetch: [textQueries.all],
    onError: showProblemToast,
  });
  if (!settings.data) return null;
  return (
    <Switch
      className="texts-missed-call-switch"
      checked={settings.data.missedCallTextBack}
      disabled={save.isPending}
      label={
        configured
          ? 'Text callers the photo-quote link after a missed call'
          : 'Text callers the photo-quote link after a missed call (needs texting set up)'
      }
      onChange={(e) => save.mutate(e.currentTarget.checked)}
    />
  );
}
