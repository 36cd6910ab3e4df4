import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Classes, Intent } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { EVENT_STREAM_RESET, liveEventSchema, routeOfEvent, type LiveEvent } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { sessionQueries } from '../session/session.queries.ts';
import { usePlatform } from '../platform/platform.tsx';
import { staleAfter } from './live-invalidation.ts';
import { showToast } from '../toaster.ts';
import { announcementOf, readNotificationPreferences } from './notification-preferences.ts';

const permission = () => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

/** 'connecting' before the first answer, 'live' while events flow, 'reconnecting' after a drop. */
export type LiveState = 'connecting' | 'live' | 'reconnecting';

interface LiveEvents {
  state: LiveState;
  /** Events received since this page opened, newest last (for counts of what is new). */
  received: LiveEvent[];
}

const LiveEventsContext = createContext<LiveEvents>({ state: 'connecting', received: [] });
export const useLiveEvents = () => useContext(LiveEventsContext);

/** How many events the page keeps for its counts; older ones were seen long ago. */
const KEPT = 500;

/**
 * Keeps one stream of GET /api/events open for the signed-in staff member and marks stale
 * whatever each event changes, so lists and figures update without a reload. The browser's
 * EventSource reconnects by itself and sends Last-Event-ID, so nothing is missed across a drop
 * once an event has come; before that, an opening reads the screen again.
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveEvents>({ state: 'connecting', received: [] });
  const me = useQuery(sessionQueries.current(api)).data?.user.id;
  const navigate = useNavigate();
  const platform = usePlatform();
  // Read by the stream's handlers at each event. The stream itself must not depend on them:
  // navigate changes with every screen, and a stream opened again starts from that moment (no
  // Last-Event-ID), so what happened while it was being replaced was never heard. One stream per
  // signed-in staff member.
  const latest = useRef({ navigate, platform });
  useEffect(() => {
    latest.current = { navigate, platform };
  });

  useEffect(() => {
    /** What the contract says staff hear of this event: a notification, a toast, or nothing. */
    const announce = (event: LiveEvent) => {
      const { navigate, platform } = latest.current;
      const staffAreLooking = document.visibilityState === 'visible' && document.hasFocus();
      const announcement = announcementOf(
        event,
        me,
        readNotificationPreferences(),
        permission(),
        staffAreLooking,
      );
      if (!announcement) return;
      const route = routeOfEvent(event).replace(/^\/admin/, '') || '/';
      if (announcement.as === 'toast') {
        showToast({
          intent: Intent.PRIMARY,
          icon: 'notifications',
          message: `${announcement.title}: ${event.summary}`,
          action: { text: 'Open', onClick: () => void navigate(route) },
          // Long enough to read and act on; it stays while the pointer is over it.
          timeout: 10_000,
        });
        return;
      }
      platform.notify({
        title: announcement.title,
        body: event.summary,
        tag: `washdesk-${event.id}`,
        onClick: () => void navigate(route),
      });
    };
    const source = new EventSource(`${api.baseUrl}/api/events`, { withCredentials: true });
    // Until an event (with its id) arrives, a connection replays nothing: what was published between
    // the screens' first reads and this subscription, or while a quiet stream was down, would never
    // be heard (a count left at zero under staff's eyes). Each such opening reads the screen again.
    let heardAnEvent = false;
    source.onopen = () => {
      setLive((l) => ({ ...l, state: 'live' }));
      if (!heardAnEvent) void queryClient.invalidateQueries();
    };
    source.onerror = () => setLive((l) => ({ ...l, state: 'reconnecting' }));
    source.onmessage = (message: MessageEvent<string>) => {
      heardAnEvent = true;
      const parsed = liveEventSchema.safeParse(JSON.parse(message.data));
      if (!parsed.success) return;
      const event = parsed.data;
      for (const queryKey of staleAfter(event.type)) void queryClient.invalidateQueries({ queryKey });
      announce(event);
      setLive((l) => ({ state: 'live', received: [...l.received, event].slice(-KEPT) }));
    };
    // What this page missed is gone from the server: everything shown may be out of date.
    source.addEventListener(EVENT_STREAM_RESET, () => void queryClient.invalidateQueries());
    return () => source.close();
  }, [api, queryClient, me]);

  return <LiveEventsContext.Provider value={live}>{children}</LiveEventsContext.Provider>;
}

/** A quiet line while the stream is down: lists may be behind until it is back. */
export function LiveConnectionNotice() {
  const { state } = useLiveEvents();
  if (state !== 'reconnecting') return null;
  return (
    <p className={`live-connection-notice ${Classes.TEXT_MUTED}`} role="status">
      Reconnecting… new calls, messages and requests will appear when the connection is back.
    </p>
  );
}
