import type { RequestHandler } from 'express';
import pino, { type DestinationStream, type Logger } from 'pino';
import { staffOf } from '../auth/staff-session.ts';
import { loggablePath } from './secret-paths.ts';

const EMAIL = /[^\s@"'<>]+@[^\s@"'<>]+\.[a-z]{2,}/gi;
// Seven or more digits, allowing the separators people type: (707) 555-0142, +1 707 555 0142.
const PHONE = /\+?\(?\d[\d\s().-]{5,}\d/;
// A date or a time stamp says when, not whom, and is kept: 2026-11-28, 2026-11-28T06:15:00.000Z, a
// backup's name 2026-11-28T06-15-00.000Z or 2026-11-28T061500Z (issue 31: they were logged as
// `[phone]T[phone]Z`). Tried first at each position; no phone is written 4-2-2.
const TIMESTAMP =
  /(?<!\d)\d{4}-\d{2}-\d{2}(?:T\d{2}(?:[:-]?\d{2}){1,2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?(?!\d)/;
const PHONE_OR_TIMESTAMP = new RegExp(`(${TIMESTAMP.source})|${PHONE.source}`, 'g');

/** Masks e-mail addresses and phone numbers in any text that might reach a log line. */
export const scrub = (text: string) =>
  text
    .replace(EMAIL, '[email]')
    .replace(PHONE_OR_TIMESTAMP, (match, timestamp?: string) => timestamp ?? '[phone]');

/**
 * An error's own properties (name, message, stack, cause) are not enumerable, so copying its
 * entries would log `{}`; they are spelled out here, with any extra fields such as `code`.
 */
function errorFields(error: Error): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...error, type: error.name, message: error.message };
  if (error.stack) fields.stack = error.stack;
  if (error.cause !== undefined) fields.cause = error.cause;
  return fields;
}

function scrubDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return scrubDeep(errorFields(value), depth);
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v, depth + 1)]));
}

/** The server's logger: JSON lines, secrets and customers' contact details never written. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      // The formatter below has already spelled errors out; pino's own error serializer would
      // see a plain object and rename its type to "Object".
      serializers: { err: (value: unknown) => value },
      redact: {
        paths: [
          'password',
          '*.password',
          'cookie',
          '*.cookie',
          'headers.cookie',
          'headers.authorization',
          '*.token',
          'token',
          'csrfToken',
          '*.csrfToken',
          'email',
          '*.email',
          'phone',
          '*.phone',
        ],
        censor: '[redacted]',
      },
      formatters: { log: (object) => scrubDeep(object) as Record<string, unknown> },
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((a) => (typeof a === 'string' ? scrub(a) : a)) as Parameters<typeof method>,
          );
        },
      },
    },
    destination,
  );
}

/**
 * One line per request: method, path (never the query string, and never a link's key: see
 * secret-paths.ts), status, time and staff id.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      // A level that writes no request lines (LOG_LEVEL=warn) spends nothing on them.
      if (res.statusCode < 500 && !logger.isLevelEnabled('info')) return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const line = {
        method: req.method,
        path: loggablePath(req.path),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        staffId: staffOf(res)?.user.id,
      };
      if (res.statusCode >= 500) logger.error(line, 'request');
      else logger.info(line, 'request');
    });
    next();
  };
}
