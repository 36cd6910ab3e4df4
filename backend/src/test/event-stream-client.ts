import type { LiveEvent } from '@washdesk/contract';

export interface ReceivedEvent {
  id: string | undefined;
  event: string;
  data: unknown;
}

/**
 * A staff member's open GET /api/events, read the way a browser's EventSource reads it (fields,
 * blank-line framing), so tests see exactly the bytes a client gets.
 */
export interface EventStreamClient {
  status: number;
  received: ReceivedEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  next(match?: (e: ReceivedEvent) => boolean): Promise<ReceivedEvent>;
  /** The live events received so far (not resets). */
  live(): LiveEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(
  url: string,
  cookie: string | undefined,
  lastEventId?: string,
): Promise<EventStreamClient> {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/events`, {
    headers: {
      Accept: 'text/event-stream',
      ...(cookie ? { Cookie: cookie } : {}),
      ...(lastEventId !== undefined ? { 'Last-Event-ID': lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const received: ReceivedEvent[] = [];
  const waiters: { match: (e: ReceivedEvent) => boolean; resolve: (e: ReceivedEvent) => void }[] = [];
  const deliver = (event: ReceivedEvent) => {
    received.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.match(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  };
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    ended = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = { id: undefined as string | undefined, event: 'message', data: [] as string[] };
            for (const line of block.split('\n')) {
              if (line.startsWith(':') || !line) continue;
              const colon = line.indexOf(':');
              const name = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (name === 'id') fields.id = value;
              else if (name === 'event') fields.event = value;
              else if (name === 'data') fields.data.push(value);
            }
            if (fields.data.length)
              deliver({ id: fields.id, event: fields.event, data: JSON.parse(fields.data.join('\n')) });
          }
        }
      } catch (error) {
        if (!controller.signal.aborted) throw error;
      }
    })();
  }
  return {
    status: response.status,
    received,
    next(match = () => true) {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    live: () => received.filter((e) => e.event === 'message').map((e) => e.data as LiveEvent),
    ended,
    close: () => controller.abort(),
  };
}
