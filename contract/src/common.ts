import { z } from 'zod';

/** Trimmed text that must not be blank; `message` is what a person reads when it is. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** Trimmed optional text; blank becomes null so the database never holds "". */
export const optionalText = (max = 2000) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const PHONE_MIN_LENGTH = 10;
export const ADDRESS_MIN_LENGTH = 5;

export const phoneNumber = (message = 'Valid phone number required') =>
  z.string({ error: message }).trim().min(PHONE_MIN_LENGTH, message).max(40, 'Must be at most 40 characters');

/** Optional e-mail: empty or missing is fine, anything else must look like an address. */
export const optionalEmail = z
  .union([z.literal(''), z.email('Enter a valid e-mail address').max(254)], {
    error: 'Enter a valid e-mail address',
  })
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null));

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A calendar date `YYYY-MM-DD`. */
export const calendarDate = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-05-31')
    .refine(isRealDate, 'That date does not exist');

/** Money in dollars with at most cents, as people type it. */
export const dollarAmount = (message = 'Enter an amount in dollars') =>
  z.coerce
    .number({ error: message })
    .refine(Number.isFinite, message)
    .min(0, 'Amount cannot be negative')
    .max(1_000_000, 'Amount is too large')
    .transform((n) => Math.round(n * 100) / 100);

/** `?limit=&offset=` of every list; a screen pages instead of loading every row. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset cannot be negative')
    .default(0),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Lists answer a plain array (the spec's shape); the total row count travels in this header. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be a whole number')
    .positive('id must be positive'),
});

export const isoDateTime = z.string();
