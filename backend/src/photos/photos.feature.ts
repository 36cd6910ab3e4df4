import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { photoRepository } from './photo.repository.ts';
import { photoRoutes } from './photo.routes.ts';

/** Customers' photos: `photos` is passed to every feature that stores or shows them. */
export function photosFeature(deps: { db: Db; config: Config }) {
  const photos = photoRepository(deps.db);
  return { photos, router: photoRoutes(deps.config, photos) };
}
