import type { RequestHandler } from 'express';
import { markNoStore } from '../http/api-caching.ts';
import { HttpError } from '../http/errors.ts';
import { ERROR_CODES } from '@washdesk/contract';

// Every API route is lowercase words, digits, dots and dashes between single slashes.
const CANONICAL_API_PATH = /^\/api(?:\/(?!\.{1,2}(?:\/|$))[a-z0-9._-]+)+$/;
// The exceptions: a link's token is base64url, so it keeps its upper case — a quote's
// (quote-sending/), a visit reminder's (reminders/), a service plan's slot pick (service-plans/)
// and a sign-in link's state (account/) and an invoice's (invoices/).
const TOKEN_API_PATH =
  /^\/api\/public\/(?:quotes\/[A-Za-z0-9_-]{1,128}(?:\/accept|\/questions|\/pay)?|visits\/[A-Za-z0-9_-]{1,128}(?:\/confirm|\/reschedule|\/cancel)?|plan-visits\/[A-Za-z0-9_-]{1,128}(?:\/pick)?|account\/links\/[A-Za-z0-9_-]{1,128}|invoices\/[A-Za-z0-9_-]{1,128}(?:\/pay)?)$/;

/** What a lenient server, proxy or browser could take a path to mean: decoded, folded, resolved. */
function looseReading(path: string): string {
  let text = path;
  try {
    text = decodeURIComponent(path);
  } catch {
    // A broken escape is read as typed.
  }
  const segments: string[] = [];
  for (const segment of text.toLowerCase().replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

const looksLikeApi = (path: string) => {
  const loose = looseReading(path);
  return loose === '/api' || loose.startsWith('/api/');
};

/**
 * Only the one canonical spelling of an API path goes on to the API. `/API/faq`, `//api/faq`,
 * `/api/./faq`, `/%61pi/faq` or `/api/faq/` answer 404 here, so no other spelling can be routed
 * to a handler by Express's lenient matching. (The session check itself is decided per route,
 * in `guardApiRoutes`; this gate keeps the spellings from ever getting that far.)
 */
export const canonicalApiPaths: RequestHandler = (req, res, next) => {
  const path = req.path;
  if (!looksLikeApi(path)) return next();
  markNoStore(res);
  if ((CANONICAL_API_PATH.test(path) || TOKEN_API_PATH.test(path)) && req.method !== 'OPTIONS') return next();
  next(new HttpError(404, ERROR_CODES.notFound, `No API route ${req.method} ${path}`));
};
