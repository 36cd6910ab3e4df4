import type { RequestHandler } from 'express';

/**
 * No API answer is kept by a browser or proxy: they hold customers' names, numbers and photos,
 * and a shared or signed-out computer must not show them from its cache. A route may tighten
 * this further but never loosen it.
 */
export const noStoreApi: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Vary', 'Cookie');
  next();
};
