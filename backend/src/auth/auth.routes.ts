import { Router } from 'express';
import { AUTH_MESSAGES, SESSION_COOKIE, loginSchema, type SessionInfo } from '@washdesk/contract';
import type { Config } from '../config.ts';
import { HttpError, parseWith } from '../http/errors.ts';
import { tooManyRequests, windowCounter } from '../http/rate-limit.ts';
import { dummyPasswordHash, verifyPassword } from './password.ts';
import type { SessionRepository } from './session.repository.ts';
import { isSameOrigin, sessionCookieOptions, staffOf } from './staff-session.ts';
import type { UserRepository } from './user.repository.ts';

/** Consecutive failures that lock an account, and for how long. */
export const LOCKOUT = { failures: 5, minutes: 15 } as const;
/** Failed sign-ins one address may make in 15 minutes, across all accounts. */
export const IP_FAILURE_LIMIT = 20;

export function authRoutes(config: Config, users: UserRepository, sessions: SessionRepository) {
  const router = Router();
  const ipFailures = windowCounter(15 * 60_000);

  router.post('/api/auth/login', async (req, res) => {
    // A login form posted from another site could sign a victim into the attacker's account.
    if (!isSameOrigin(req, config)) throw new HttpError(403, 'csrf_failed', AUTH_MESSAGES.csrf);
    const ipKey = `login:${req.ip}`;
    if (ipFailures.count(ipKey) >= IP_FAILURE_LIMIT) {
      throw tooManyRequests(ipFailures.retryAfterSeconds(ipKey), AUTH_MESSAGES.ipLimited);
    }
    const { email, password } = parseWith(loginSchema, req.body ?? {});
    const user = users.byEmail(email);
    if (user?.locked_until && Date.parse(user.locked_until) > Date.now()) {
      const seconds = Math.ceil((Date.parse(user.locked_until) - Date.now()) / 1000);
      throw tooManyRequests(seconds, AUTH_MESSAGES.locked(LOCKOUT.minutes));
    }
    const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
    // A disabled account answers exactly as a wrong password does, and counts towards the lock,
    // so nobody can learn from the answer which accounts exist or are switched off.
    if (!user || !ok || user.disabled_at) {
      ipFailures.hit(ipKey);
      if (user) {
        const lockUntil = new Date(Date.now() + LOCKOUT.minutes * 60_000).toISOString();
        const failures = users.recordFailure(user.id, LOCKOUT.failures, lockUntil);
        if (failures >= LOCKOUT.failures) {
          throw tooManyRequests(LOCKOUT.minutes * 60, AUTH_MESSAGES.locked(LOCKOUT.minutes));
        }
      }
      throw new HttpError(401, 'wrong_credentials', AUTH_MESSAGES.wrongCredentials);
    }
    users.recordSuccess(user.id);
    // Whatever session this browser had ends; the new one gets a fresh id.
    const previous = staffOf(res);
    if (previous) sessions.destroy(previous.token);
    const { token, csrfToken, expiresAt } = sessions.create(user.id);
    res.cookie(SESSION_COOKIE, token, {
      ...sessionCookieOptions(config, req),
      maxAge: sessions.policy.absoluteMs,
    });
    const body: SessionInfo = { user: users.get(user.id)!, csrfToken, expiresAt };
    res.json(body);
  });

  router.post('/api/auth/logout', (req, res) => {
    const staff = staffOf(res);
    if (staff) sessions.destroy(staff.token);
    res.clearCookie(SESSION_COOKIE, sessionCookieOptions(config, req));
    // Photos and lists this browser fetched are not kept for the next person at this computer.
    res.setHeader('Clear-Site-Data', '"cache"');
    res.status(204).end();
  });

  router.get('/api/auth/me', (_req, res) => {
    const staff = staffOf(res)!;
    const body: SessionInfo = {
      user: staff.user,
      csrfToken: staff.session.csrf_token,
      expiresAt: staff.session.expires_at,
    };
    res.json(body);
  });

  return router;
}
