import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  AUTH_MESSAGES,
  CSRF_HEADER,
  SESSION_COOKIE,
  type Permission,
  type User,
} from '@washdesk/contract';
import type { Config } from '../config.ts';
import { HttpError } from '../http/errors.ts';
import { isPublicApiRoute } from './public-routes.ts';
import { missingPermission, routeRefusal } from './route-permissions.ts';
import type { SessionRepository, SessionRow } from './session.repository.ts';
import type { UserRepository } from './user.repository.ts';
import { toUser } from './user.repository.ts';

export interface StaffAuth {
  user: User;
  session: SessionRow;
  token: string;
}

/** The signed-in staff member of this request, set by the route's access guard. */
export const staffOf = (res: Response): StaffAuth | undefined => res.locals.staff as StaffAuth | undefined;

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Same-origin means the browser says so: Origin matches us, or no cross-site fetch metadata. */
export function isSameOrigin(req: Request, config: Config): boolean {
  if (req.get('sec-fetch-site') === 'cross-site') return false;
  const origin = req.get('origin');
  if (!origin) return true;
  const ours = new Set([new URL(config.publicBaseUrl).origin, `${req.protocol}://${req.get('host')}`]);
  return ours.has(origin);
}

export const sessionCookieOptions = (config: Config, req: Request) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: req.secure || config.publicBaseUrl.startsWith('https:'),
  path: '/',
});

/** Reads the session cookie into `res.locals.staff`; decides nothing. */
function loadStaff(req: Request, res: Response, users: UserRepository, sessions: SessionRepository) {
  const token = readCookie(req, SESSION_COOKIE);
  if (!token) return { expired: false };
  const found = sessions.resolve(token);
  if (!('session' in found)) return { expired: found.expired };
  const row = users.row(found.session.user_id);
  if (row) res.locals.staff = { user: toUser(row), session: found.session, token } satisfies StaffAuth;
  return { expired: false };
}

/** Marks the handlers `guardApiRoutes` puts first on every API route, so a test can check them. */
export const ACCESS_GUARD = Symbol('washdesk.accessGuard');
type Guard = RequestHandler & { [ACCESS_GUARD]?: true };

/**
 * The one place that decides who may use an API route. It runs as the first handler of every
 * `/api` route, so the decision is made from the route Express actually chose for the request
 * (its registered pattern), never from the path text a client typed. Public routes pass (with
 * the session read, if any); every other route needs a live session of an enabled user, a
 * change also needs the session's CSRF token and a same-origin request, and then the user's role
 * must hold what the route needs (`route-permissions.ts`, from the contract's role matrix).
 */
export function routeAccess(
  config: Config,
  users: UserRepository,
  sessions: SessionRepository,
): (pattern: string) => RequestHandler {
  return (pattern) => {
    const guard: Guard = (req: Request, res: Response, next: NextFunction) => {
      const { expired } = loadStaff(req, res, users, sessions);
      if (isPublicApiRoute(req.method, pattern)) return next();
      const staff = staffOf(res);
      if (!staff) {
        return next(
          expired
            ? new HttpError(401, 'session_expired', AUTH_MESSAGES.sessionExpired)
            : new HttpError(401, 'sign_in_required', AUTH_MESSAGES.signInRequired),
        );
      }
      if (staff.user.disabled) return next(new HttpError(403, 'account_disabled', AUTH_MESSAGES.disabled));
      if (UNSAFE.has(req.method)) {
        if (!isSameOrigin(req, config) || req.get(CSRF_HEADER) !== staff.session.csrf_token) {
          return next(new HttpError(403, 'csrf_failed', AUTH_MESSAGES.csrf));
        }
      }
      next(routeRefusal(staff.user.role, req.method, pattern));
    };
    guard[ACCESS_GUARD] = true;
    return guard;
  };
}

/**
 * For a decision that depends on more than the route (the guard already applies the route's own
 * decision from `route-permissions.ts`, so a route needs this only for a second permission).
 */
export const requirePermission =
  (permission: Permission): RequestHandler =>
  (_req, res, next) => {
    const staff = staffOf(res);
    if (!staff) return next(new HttpError(401, 'sign_in_required', AUTH_MESSAGES.signInRequired));
    next(missingPermission(staff.user.role, permission));
  };
