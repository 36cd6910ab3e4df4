import type { Response } from 'express';

/**
 * No API answer is kept by a browser or proxy: they hold customers' names, numbers and photos,
 * and a shared or signed-out computer must not show them from its cache. Every request that
 * looks like an API call gets this, whatever its spelling and whatever it is answered.
 */
export function markNoStore(res: Response) {
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Vary', 'Cookie');
}
