import type { Db } from '../db/database.ts';
import type { SessionRepository } from '../auth/session.repository.ts';
import type { UserRepository } from '../auth/user.repository.ts';
import type { Clock } from '../time.ts';
import { createEventBus } from './event-bus.ts';
import { eventRepository } from './event.repository.ts';
import { eventStreamRoutes, type EventStreamOptions } from './event-stream.routes.ts';

/** The one bus every writer announces its committed changes on, and GET /api/events for staff. */
export function eventsFeature(deps: {
  db: Db;
  clock?: Clock;
  sessions: SessionRepository;
  users: UserRepository;
  stream?: EventStreamOptions;
}) {
  const stored = eventRepository(deps.db);
  const bus = createEventBus(stored, deps.clock);
  return { bus, router: eventStreamRoutes(bus, stored, deps.sessions, deps.users, deps.stream) };
}
