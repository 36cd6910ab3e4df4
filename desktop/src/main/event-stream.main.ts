import {
  EVENT_STREAM_RESET,
  liveEventSchema,
  sessionInfoSchema,
  type LiveEvent,
  type User,
} from '@washdesk/contract';
import { readServerSentEvents } from './server-sent-events.main.ts';

export type StreamState = 'connecting' | 'live' | 'signed-out' | 'reconnecting';

export interface EventStreamOptions {
  serverUrl: URL;
  /** The window's session cookie as a Cookie header value ("washdesk_session=…"), or null. */
  sessionCookie: () => Promise<string | null>;
  /** Each live event, with the staff member this computer is signed in as. */
  onEvent: (event: LiveEvent, me: User) => void | Promise<void>;
  /** The server no longer keeps what was missed; nothing to replay. */
  onReset?: () => void;
  onState?: (state: StreamState) => void;
  /** Resolves when the session cookie may have changed (someone signed in) or the signal aborts. */
  sessionChanged: (signal: AbortSignal) => Promise<void>;
  /** Waits before reconnecting after a drop (a backoff in the app; tests say when). */
  waitToRetry: (attempt: number, signal: AbortSignal) => Promise<void>;
  fetch?: typeof fetch;
}

/**
 * Main's own subscription to GET /api/events, so notifications arrive while the window is
 * minimised or closed to the tray. It signs in as the window does (its session cookie), resumes
 * after a drop with Last-Event-ID so nothing is missed, and after a sign-out waits for the next
 * sign-in instead of replaying what happened while nobody was signed in.
 */
export function followEventStream(options: EventStreamOptions) {
  const request = options.fetch ?? fetch;
  const stop = new AbortController();
  const signal = stop.signal;
  let lastEventId: string | undefined;
  let attempt = 0;

  const signedOut = async () => {
    lastEventId = undefined;
    options.onState?.('signed-out');
    await options.sessionChanged(signal);
  };
  const dropped = async () => {
    options.onState?.('reconnecting');
    await options.waitToRetry(attempt++, signal);
  };

  async function once(): Promise<void> {
    options.onState?.('connecting');
    const cookie = await options.sessionCookie();
    if (!cookie) return signedOut();
    const me = await request(new URL('/api/auth/me', options.serverUrl), {
      headers: { Cookie: cookie },
      signal,
    });
    if (me.status === 401) return signedOut();
    if (!me.ok) return dropped();
    const { user } = sessionInfoSchema.parse(await me.json());
    const stream = await request(new URL('/api/events', options.serverUrl), {
      headers: {
        Accept: 'text/event-stream',
        Cookie: cookie,
        ...(lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId }),
      },
      signal,
    });
    if (stream.status === 401) return signedOut();
    if (!stream.ok || !stream.body) return dropped();
    options.onState?.('live');
    attempt = 0;
    await readServerSentEvents(stream.body as unknown as AsyncIterable<Uint8Array>, async (sse) => {
      if (sse.id !== undefined) lastEventId = sse.id;
      if (sse.event === EVENT_STREAM_RESET) return options.onReset?.();
      if (sse.event !== 'message') return;
      const event = liveEventSchema.safeParse(JSON.parse(sse.data));
      // A newer server's event this app does not know yet is skipped, not fatal.
      if (event.success) await options.onEvent(event.data, user);
    });
    // The server ended the stream (a restart, a sign-out, a proxy): try again, which tells which.
    return dropped();
  }

  const done = (async () => {
    while (!signal.aborted) {
      try {
        await once();
      } catch {
        if (!signal.aborted) await dropped().catch(() => undefined);
      }
    }
  })();
  return {
    done,
    stop: () => stop.abort(),
  };
}
