import type { LiveEvent } from '@washdesk/contract';
import type { Clock } from '../time.ts';
import type { EventRepository, NewLiveEvent } from './event.repository.ts';

/** How long events are kept for clients that reconnect. */
export const EVENT_RETENTION_MS = 24 * 3_600_000;

/**
 * The one in-process bus every writer announces its changes on. Writers publish AFTER their write
 * has committed (better-sqlite3 is synchronous: the call that wrote has returned), so a write that
 * failed or rolled back is never announced. Each event is stored first, then handed to listeners,
 * so a client that was disconnected at that moment gets it on reconnect.
 */
export function createEventBus(events: EventRepository, clock: Clock = Date.now) {
  const listeners = new Set<(event: LiveEvent) => void>();
  const reactions = new Set<(event: LiveEvent) => void>();
  let lastPrune = 0;
  return {
    publish(event: NewLiveEvent): LiveEvent {
      const now = clock();
      // Pruning rides on publishing: no timer to stop, and an idle server keeps its last day.
      if (now - lastPrune > 3_600_000) {
        events.pruneBefore(new Date(now - EVENT_RETENTION_MS).toISOString());
        lastPrune = now;
      }
      const stored = events.append(event, new Date(now).toISOString());
      for (const listener of listeners) listener(stored);
      // Internal reactions wait until the code that published is done: better-sqlite3's
      // transactions are synchronous, so by then the publisher's transaction (a webhook's inbox
      // row and its effect) has committed, or rolled back with the event, which then gets none.
      if (reactions.size)
        queueMicrotask(() => {
          if (!events.has(stored.id)) return;
          for (const reaction of reactions) reaction(stored);
        });
      return stored;
    },
    /**
     * Another feature's reaction to a change (re-planning a visit's reminders, a missed call's
     * text-back, the after-the-job messages): apart from the staff feed, and run after the
     * publishing request's transaction, never inside it. Each reaction reports its own faults.
     */
    react(reaction: (event: LiveEvent) => void) {
      reactions.add(reaction);
      return () => void reactions.delete(reaction);
    },
    subscribe(listener: (event: LiveEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get listenerCount() {
      return listeners.size;
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus>;
