import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

/** Enough to name every proxy a real deployment has, and no more for a flood of addresses. */
const MAX_WARNED = 100;

/**
 * X-Forwarded-For from an address TRUST_PROXY does not name is ignored (anyone can send it), so
 * every client behind that proxy counts as the proxy itself: one address for the public forms'
 * limits and for sign-in waits. Whoever runs the server should hear it the first time it happens
 * for each such address, not find out when the office is kept waiting.
 */
export function untrustedProxyWarning(logger: Logger): RequestHandler {
  const warned = new Set<string>();
  return (req, _res, next) => {
    if (req.headers['x-forwarded-for'] === undefined) return next();
    const from = req.socket.remoteAddress ?? '';
    const trusted = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
    if (!trusted(from, 0) && !warned.has(from) && warned.size < MAX_WARNED) {
      warned.add(from);
      logger.warn(
        'A request came with X-Forwarded-For from an address TRUST_PROXY does not name, so the header is ignored ' +
          'and every client behind that proxy counts as one address (form limits, sign-in waits). ' +
          'If this server is behind a proxy, set TRUST_PROXY (see .env.example).',
      );
    }
    next();
  };
}
