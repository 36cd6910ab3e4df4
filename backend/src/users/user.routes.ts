import { Router } from 'express';
import { ERROR_CODES, passwordResetSchema, userCreateSchema, userUpdateSchema } from '@washdesk/contract';
import { hashPassword } from '../auth/password.ts';
import type { SessionRepository } from '../auth/session.repository.ts';
import type { SignInThrottle } from '../auth/sign-in-throttle.ts';
import type { UserRepository } from '../auth/user.repository.ts';
import { HttpError, notFound, parseWith, routeId } from '../http/errors.ts';

/**
 * The owner adds, disables and resets staff accounts (Settings → Staff). Every route here needs the
 * `users` permission, applied by the access guard from `auth/route-permissions.ts`.
 */
export function userRoutes(users: UserRepository, sessions: SessionRepository, signIns: SignInThrottle) {
  const router = Router();
  router.get('/api/users', (_req, res) => {
    res.json(users.list());
  });

  router.post('/api/users', async (req, res) => {
    const input = parseWith(userCreateSchema, req.body ?? {});
    if (users.byEmail(input.email)) {
      throw new HttpError(409, ERROR_CODES.conflict, 'An account with this e-mail already exists.', {
        email: 'An account with this e-mail already exists',
      });
    }
    const user = users.create({
      email: input.email,
      name: input.name,
      role: input.role,
      passwordHash: await hashPassword(input.password),
    });
    res.status(201).json(user);
  });

  router.put('/api/users/:id', (req, res) => {
    const id = routeId(req.params);
    const change = parseWith(userUpdateSchema, req.body ?? {});
    const current = users.get(id);
    if (!current) throw notFound('User');
    const losesOwner =
      current.role === 'owner' && !current.disabled && (change.role === 'staff' || change.disabled === true);
    if (losesOwner && users.activeOwnerCount() <= 1) {
      throw new HttpError(409, ERROR_CODES.conflict, 'The business needs at least one active owner.');
    }
    const updated = users.update(id, change);
    // A disabled account is signed out everywhere at once.
    if (change.disabled) sessions.destroyAllFor(id);
    res.json(updated);
  });

  router.post('/api/users/:id/reset-password', async (req, res) => {
    const id = routeId(req.params);
    const { password } = parseWith(passwordResetSchema, req.body ?? {});
    const user = users.get(id);
    if (!user) throw notFound('User');
    users.setPassword(id, await hashPassword(password));
    // The new password works at once, from wherever the person waited after wrong ones.
    signIns.forgetAccount(user.email);
    // Every session opened with the old password ends.
    sessions.destroyAllFor(id);
    res.status(204).end();
  });

  return router;
}
