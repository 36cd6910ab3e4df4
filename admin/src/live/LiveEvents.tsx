import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Classes } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { EVENT_STREAM_RESET, liveEventSchema, type LiveEvent } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { staleAfter } from './live-invalidation.ts';

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
 * EventSource reconnects by itself and sends Last-Event-ID, so nothing is missed across a drop.
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveEvents>({ state: 'connecting', received: [] });

  useEffect(() => {
    const source = new EventSource(`${api.baseUrl}/api/events`, { withCredentials: true });
    source.onopen = () => setLive((l) => ({ ...l, state: 'live' }));
    source.onerror = () => setLive((l) => ({ ...l, state: 'reconnecting' }));
    source.onmessage = (message: MessageEvent<string>) => {
      const parsed = liveEventSchema.safeParse(JSON.parse(message.data));
      if (!parsed.success) return;
      const event = parsed.data;
      for (const root of staleAfter(event.type)) void queryClient.invalidateQueries({ queryKey: [root] });
      setLive((l) => ({ state: 'live', received: [...l.received, event].slice(-KEPT) }));
    };
    // What this page missed is gone from the server: everything shown may be out of date.
    source.addEventListener(EVENT_STREAM_RESET, () => void queryClient.invalidateQueries());
    return () => source.close();
  }, [api, queryClient]);

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
