import { z } from 'zod';
import { requiredText } from './common.ts';
import { USER_ROLES } from './session.ts';

export const loginSchema = z.object({
  email: z.string({ error: 'Enter your e-mail address' }).trim().min(1, 'Enter your e-mail address').max(254),
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(1024),
});
export type Login = z.input<typeof loginSchema>;

/** OWASP: at least 8 characters for accounts without a second factor; long passphrases welcome. */
export const PASSWORD_MIN_LENGTH = 10;
export const newPassword = z
  .string({ error: 'Enter a password' })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'Use at most 256 characters');

export const userCreateSchema = z.object({
  email: z
    .email('Enter a valid e-mail address')
    .max(254)
    .transform((v) => v.toLowerCase()),
  name: requiredText('Name is required', 120),
  role: z.enum(USER_ROLES, { error: 'Choose owner or staff' }).default('staff'),
  password: newPassword,
});
export type UserCreate = z.input<typeof userCreateSchema>;

export const userUpdateSchema = z
  .object({
    name: requiredText('Name is required', 120),
    role: z.enum(USER_ROLES, { error: 'Choose owner or staff' }),
    disabled: z.boolean({ error: 'disabled must be true or false' }),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type UserUpdate = z.input<typeof userUpdateSchema>;

export const passwordResetSchema = z.object({ password: newPassword });

export const AUTH_MESSAGES = {
  wrongCredentials: 'E-mail or password is incorrect.',
  locked: (minutes: number) =>
    `Too many failed sign-in attempts. This account is locked for ${minutes} minutes; try again later or ask the owner to reset your password.`,
  ipLimited: 'Too many sign-in attempts from this network. Please wait a few minutes and try again.',
  signInRequired: 'Please sign in.',
  sessionExpired: 'Your session expired. Please sign in again.',
  disabled: 'This account is disabled. Ask the owner to enable it.',
  csrf: 'This request did not come from the Washdesk admin. Reload the page and try again.',
  tooManyRequests: (seconds: number) => `Too many requests. Please wait ${seconds} seconds and try again.`,
} as const;
