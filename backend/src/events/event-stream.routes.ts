import { Router } from 'express';
import { createSession } from 'better-sse';
import { ERROR_CODES, EVENT_STREAM_RESET, type LiveEvent } from '@washdesk/contract';
import { HttpError } from '../http/errors.ts';
import { staffOf } from '../auth/staff-session.ts';
import { hashToken, type SessionRepository } from '../auth/session.repository.ts';
import type { UserRepository } from '../auth/user.repository.ts';
import type { EventBus } from './event-bus.ts';
import type { EventRepository } from './event.repository.ts';

export interface EventStreamOptions {
  /** A comment this often keeps proxies from closing an idle stream. */
  keepAliveMs?: number;
  /** How often a stream checks its session is still live (expiry; sign-outs close it at once). */
  recheckMs?: number;
}
const REPLAY_PAGE = 500;

/** GET /api/events: the live event stream for a signed-in staff member (Server-Sent Events). */
export function eventStreamRoutes(
  bus: EventBus,
  events: EventRepository,
  sessions: SessionRepository,
  users: UserRepository,
  options: EventStreamOptions = {},
) {
  const router = Router();
  router.get('/api/events', async (req, res) => {
    const staff = staffOf(res)!;
    const given =
      req.get('last-event-id') ??
      (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : undefined);
    if (given !== undefined && !/^(0|[1-9]\d{0,15})$/.test(given))
      throw new HttpError(400, ERROR_CODES.validation, 'Last-Event-ID must be an event id');
    const lastSeen = given === undefined ? undefined : Number(given);

    const stream = await createSession(req, res, {
      keepAlive: options.keepAliveMs ?? 20_000,
      retry: 3_000,
      // Replays are decided here from the database, never from an id the client made up.
      trustClientEventId: false,
      headers: { 'Cache-Control': 'private, no-store', 'X-Accel-Buffering': 'no' },
    });
    const send = (event: LiveEvent) => {
      if (stream.isConnected) stream.push(event, 'message', String(event.id));
    };

    // Replay and subscribe in one synchronous run: no event can be published in between, so
    // nothing is missed and nothing is sent twice.
    if (lastSeen !== undefined) {
      const oldest = events.oldestId();
      const newest = events.newestId();
      if (lastSeen < newest && (oldest === null || lastSeen + 1 < oldest)) {
        stream.push(
          { reason: 'The events you missed are no longer kept: reload what you show.' },
          EVENT_STREAM_RESET,
          String(newest),
        );
      } else {
        for (
          let page = events.after(lastSeen, REPLAY_PAGE);
          page.length;
          page = events.after(page.at(-1)!.id, REPLAY_PAGE)
        ) {
          page.forEach(send);
        }
      }
    }
    const unsubscribe = bus.subscribe(send);

    const tokenHash = hashToken(staff.token);
    const close = () => {
      if (!res.writableEnded) res.end();
    };
    const stopListening = sessions.onEnd((ended) => {
      if (ended.tokenHash === tokenHash || ended.userId === staff.user.id) close();
    });
    // Sessions also end by idling out or reaching their limit, and accounts get disabled.
    const recheck = setInterval(() => {
      const user = users.get(staff.user.id);
      if (!sessions.isLive(staff.token) || !user || user.disabled) close();
    }, options.recheckMs ?? 60_000);
    recheck.unref();
    res.on('close', () => {
      unsubscribe();
      stopListening();
      clearInterval(recheck);
    });
  });
  return router;
}
