import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../config.ts';

type Directives = Record<string, string[] | null>;

/**
 * One Content-Security-Policy per kind of response: the admin and the API can never be framed;
 * the embeddable quote tool can be framed by any site (or only by EMBED_ALLOWED_ORIGINS); the
 * embed script may be loaded by other sites.
 */
export function securityHeaders(config: Config): RequestHandler {
  const https = config.publicBaseUrl.startsWith('https:');
  const calendar = config.business.schedulingCalendarUrl
    ? new URL(config.business.schedulingCalendarUrl).origin
    : null;
  const base: Directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameSrc: ["'none'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: https ? [] : null,
  };
  const make = (directives: Directives, framable: boolean, crossOrigin = false) =>
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives },
      frameguard: framable ? false : { action: 'deny' },
      hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginResourcePolicy: { policy: crossOrigin ? 'cross-origin' : 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
  const embedAncestors = config.embedAllowedOrigins.length ? config.embedAllowedOrigins : ['*'];
  const api = make({ defaultSrc: ["'none'"], frameAncestors: ["'none'"] }, false);
  const admin = make(base, false);
  const site = make({ ...base, frameSrc: calendar ? [calendar] : ["'none'"] }, false);
  const embedPage = make({ ...base, frameAncestors: embedAncestors }, true);
  const embedScript = make(base, false, true);

  return (req, res, next) => {
    const path = req.path.toLowerCase();
    if (path.startsWith('/api/')) return api(req, res, next);
    if (path === '/admin' || path.startsWith('/admin/')) return admin(req, res, next);
    if (path === '/embed.js') return embedScript(req, res, next);
    // The embed page's own scripts and styles are fetched by the framed page: same origin, fine.
    if (path.startsWith('/embed/')) return embedPage(req, res, next);
    return site(req, res, next);
  };
}
