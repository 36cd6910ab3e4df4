// What the admin's first load (the sign-in screen) reads of the API: who is signed in, the
// headers every call carries or answers with. Written with zod/mini, like errors.ts and
// profile.ts: classic zod cannot be tree-shaken (every schema carries every method) and would
// add ~22 KB brotli to that first load (issue 38's 150 KB budget, backend/bench/public-pages.bench.ts).
// A module the first load reads must not import classic zod (scripts/admin-first-load-contract.test.ts).
import * as z from 'zod/mini';

export const USER_ROLES = ['owner', 'staff'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** A staff account as the admin sees it; never carries the password hash. */
export const userSchema = z.object({
  id: z.int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.nullable(z.string()),
});
export type User = z.infer<typeof userSchema>;

/** Login and `/api/auth/me` answer who is signed in and the token state changes must carry. */
export const sessionInfoSchema = z.object({
  user: userSchema,
  csrfToken: z.string(),
  expiresAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const CSRF_HEADER = 'X-CSRF-Token';
export const SESSION_COOKIE = 'washdesk_session';

/** Lists answer a plain array (the spec's shape); the total row count travels in this header. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
