import { Router } from 'express';
import { AUTH_MESSAGES, SESSION_COOKIE, loginSchema, type SessionInfo } from '@washdesk/contract';
import type { Config } from '../config.ts';
import { HttpError, parseWith } from '../http/errors.ts';
import { tooManyRequests } from '../http/rate-limit.ts';
import { dummyPasswordHash, verifyPassword } from './password.ts';
import { SIGN_IN_LIMITS, type SignInRefusal, type SignInThrottle } from './sign-in-throttle.ts';
import type { SessionRepository } from './session.repository.ts';
import { isSameOrigin, sessionCookieOptions, staffOf } from './staff-session.ts';
import type { UserRepository } from './user.repository.ts';

/** A wait in the words the sign-in screen shows. */
const refused = (wait: SignInRefusal) =>
  tooManyRequests(
    wait.retryAfterSeconds,
    wait.why === 'account' ? AUTH_MESSAGES.locked(SIGN_IN_LIMITS.minutes) : AUTH_MESSAGES.ipLimited,
  );

export function authRoutes(
  config: Config,
  users: UserRepository,
  sessions: SessionRepository,
  throttle: SignInThrottle,
) {
  const router = Router();

  router.post('/api/auth/login', async (req, res) => {
    // A login form posted from another site could sign a victim into the attacker's account.
    if (!isSameOrigin(req, config)) throw new HttpError(403, 'csrf_failed', AUTH_MESSAGES.csrf);
    const { email, password } = parseWith(loginSchema, req.body ?? {});
    // Per account AND address (sign-in-throttle.ts): an unknown e-mail waits like a real one.
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const wait = throttle.begin(email, address);
    if (wait) throw refused(wait);
    const user = users.byEmail(email);
    const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
    // A disabled account answers exactly as a wrong password does, and counts towards the wait,
    // so nobody can learn from the answer which accounts exist or are switched off.
    if (!user || !ok || user.disabled_at) {
      const nowWaiting = throttle.refusal(email, address);
      if (nowWaiting) throw refused(nowWaiting);
      throw new HttpError(401, 'wrong_credentials', AUTH_MESSAGES.wrongCredentials);
    }
    throttle.succeeded(email, address);
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
