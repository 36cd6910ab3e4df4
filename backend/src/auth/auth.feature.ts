import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { CalendarFeedRepository } from '../calendar-feed/calendar-feed.repository.ts';
import type { Clock } from '../time.ts';
import { Router } from 'express';
import { userRoutes } from '../users/user.routes.ts';
import { authRoutes } from './auth.routes.ts';
import { sessionRepository } from './session.repository.ts';
import { signInThrottle } from './sign-in-throttle.ts';
import { routeAccess } from './staff-session.ts';
import { userRepository } from './user.repository.ts';
import type { FeatureLifecycle } from '../feature-lifecycle.ts';

/**
 * Staff accounts and sessions: signing in and out, the Users screen, and `access`, the session
 * check every API route gets (app.ts applies it last, over every route registered).
 */
export function authFeature(deps: {
  config: Config;
  db: Db;
  /** The calendar links' owner: ending a person's access revokes their links too. */
  calendarFeeds: Pick<CalendarFeedRepository, 'revokeAllOf'>;
  clock?: Clock;
}) {
  const users = userRepository(deps.db);
  const sessions = sessionRepository(deps.db, deps.config.session, deps.calendarFeeds);
  const signIns = signInThrottle(deps.clock);
  const router = Router();
  router.use(authRoutes(deps.config, users, sessions, signIns));
  router.use(userRoutes(users, sessions, signIns));
  // Expired sessions are swept at start and hourly (the one session repository; nothing builds another).
  let sweeper: NodeJS.Timeout | undefined;
  const lifecycle: FeatureLifecycle = {
    name: 'sessions sweeper',
    start() {
      sessions.sweep();
      sweeper = setInterval(() => sessions.sweep(), 3_600_000).unref();
    },
    stop: async () => clearInterval(sweeper),
  };
  return { router, users, sessions, access: routeAccess(deps.config, users, sessions), lifecycle };
}
