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
      return stored;
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
