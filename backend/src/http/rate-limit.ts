import type { RequestHandler } from 'express';
import { AUTH_MESSAGES } from '@washdesk/contract';
import { HttpError } from './errors.ts';

/**
 * Counts hits per key in fixed windows, in memory: enough for one server process, and it
 * forgets on restart, which only ever favours the customer.
 */
export function windowCounter(windowMs: number) {
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string, now: number) => {
    let w = windows.get(key);
    if (!w || now - w.start >= windowMs) {
      if (windows.size > 50_000)
        for (const [k, v] of windows) if (now - v.start >= windowMs) windows.delete(k);
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    return w;
  };
  return {
    hit(key: string, now = Date.now()) {
      const w = current(key, now);
      w.count += 1;
      return w.count;
    },
    count: (key: string, now = Date.now()) => current(key, now).count,
    retryAfterSeconds: (key: string, now = Date.now()) =>
      Math.max(1, Math.ceil((current(key, now).start + windowMs - now) / 1000)),
    reset: (key: string) => windows.delete(key),
  };
}

export const tooManyRequests = (
  retryAfterSeconds: number,
  message = AUTH_MESSAGES.tooManyRequests(retryAfterSeconds),
) =>
  new HttpError(429, 'rate_limited', message, undefined, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });

/** At most `max` requests per client address per minute to the route it guards. */
export function perMinuteLimit(name: string, max: number): RequestHandler {
  const counter = windowCounter(60_000);
  return (req, _res, next) => {
    const key = `${name}:${req.ip}`;
    if (counter.hit(key) > max) return next(tooManyRequests(counter.retryAfterSeconds(key)));
    next();
  };
}
