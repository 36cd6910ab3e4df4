import { useRef, useState } from 'react';
import { Button, Callout, Card, Classes, H4, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { CalendarFeedCreated } from '@washdesk/contract';
import './appointments.css';
import { useApi } from '../api/api-context.tsx';
import { useChange } from '../api/use-change.ts';
import { LoadFailed } from '../shell/LoadFailed.tsx';
import { showFailureToast, showSuccessToast } from '../toaster.ts';
import { sessionQueries } from '../session/session.queries.ts';
import { calendarFeedQueries, createCalendarFeed, revokeCalendarFeed } from './calendar-feed.queries.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateFormat.format(new Date(iso));

/**
 * Settings → Calendar: private links a phone's calendar app subscribes to. The server keeps only a
 * hash of each link's secret, so a link is shown once, right after it is created; after that it
 * can only be revoked (and a new one made). The owner sees and revokes everyone's links; others
 * their own. A link stops working when its creator is disabled, reset or signed out everywhere.
 */
export function CalendarFeedCard() {
  const api = useApi();
  const feeds = useQuery(calendarFeedQueries.list(api));
  const isOwner = useQuery(sessionQueries.current(api)).data?.user.role === 'owner';
  const [created, setCreated] = useState<CalendarFeedCreated>();
  const linkInput = useRef<HTMLInputElement>(null);
  const create = useChange({
    change: async (api) => setCreated(await createCalendarFeed(api)),
    success: 'Calendar link created',
    refetch: [calendarFeedQueries.all],
  });
  const revoke = useChange({
    change: revokeCalendarFeed,
    success: 'Calendar link revoked',
    refetch: [calendarFeedQueries.all],
    onDone: () => setCreated(undefined),
  });
  const origin = api.baseUrl || window.location.origin;
  const link = created && `${origin}${created.path}`;

  const copy = async () => {
    if (!link) return;
    try {
      // Only secure pages (https, localhost) may write to the clipboard.
      await navigator.clipboard.writeText(link);
      showSuccessToast('Link copied');
    } catch {
      linkInput.current?.select();
      showFailureToast('The browser would not copy the link; it is selected, press Ctrl+C to copy it');
    }
  };

  return (
    <Card className="settings-card" role="region" aria-label="Calendar subscription">
      <H4>Calendar Subscription</H4>
      <p className={Classes.TEXT_MUTED}>
        Subscribe to the schedule from a phone&apos;s or computer&apos;s calendar app. Anyone with the link
        can read the schedule, so share it only with staff; revoke it when a phone is lost. A link stops
        working by itself when the person who made it is disabled or their password is reset.
      </p>
      <p className={Classes.TEXT_MUTED}>
        {isOwner ? 'Every staff member’s links are listed here.' : 'Your own links are listed here.'}
      </p>
      {link && (
        <Callout intent={Intent.SUCCESS} title="New calendar link" className="calendar-feed__new">
          <p>Copy it now: for safety it is not shown again.</p>
          <InputGroup
            readOnly
            value={link}
            inputRef={linkInput}
            aria-label="Calendar link"
            onFocus={(event) => event.target.select()}
            rightElement={
              <Button icon="duplicate" text="Copy link" variant="minimal" onClick={() => void copy()} />
            }
          />
        </Callout>
      )}
      {feeds.isPending ? (
        <Spinner size={20} aria-label="Loading calendar links" />
      ) : feeds.isError ? (
        <LoadFailed title="The calendar links could not be loaded" />
      ) : feeds.data.length === 0 ? (
        <p>No calendar links yet.</p>
      ) : (
        <ul className="calendar-feed__list" aria-label="Calendar links">
          {feeds.data.map((feed) => (
            <li key={feed.id}>
              <span>
                Link created {when(feed.createdAt)}
                {feed.createdBy && ` by ${feed.createdBy}`}
                <br />
                <span className={Classes.TEXT_MUTED}>
                  {feed.lastUsedAt
                    ? `Last read by a calendar ${when(feed.lastUsedAt)}`
                    : 'Not read by a calendar yet'}
                </span>
              </span>
              <Button
                text="Revoke"
                icon="disable"
                intent={Intent.DANGER}
                variant="outlined"
                size="small"
                loading={revoke.isPending && revoke.variables === feed.id}
                onClick={() =>
                  revoke.mutate(feed.id, {
                    onError: (error) => showFailureToast('Failed to revoke the calendar link', error),
                  })
                }
              />
            </li>
          ))}
        </ul>
      )}
      <Button
        icon="calendar"
        text="Create calendar link"
        loading={create.isPending}
        onClick={() =>
          create.mutate(undefined, {
            onError: (error) => showFailureToast('Failed to create a calendar link', error),
          })
        }
      />
    </Card>
  );
}
