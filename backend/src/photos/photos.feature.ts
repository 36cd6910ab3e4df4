import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { photoProcessing } from './photo-processing.ts';
import { photoRepository } from './photo.repository.ts';
import { photoRoutes } from './photo.routes.ts';

/**
 * Customers' photos: `photos` is passed to every feature that stores or shows them. Uploads are
 * stripped and re-encoded after their answer by `processing`, woken by each new pending photo.
 */
export function photosFeature(deps: {
  db: Db;
  config: Config;
  held?: boolean;
  report?: (error: unknown) => void;
}) {
  // The repository tells the processor of new pending photos; each needs the other to be made.
  const wake = { processor: () => {} };
  const photos = photoRepository(deps.db, () => wake.processor());
  const processing = photoProcessing(deps.config, photos, { held: deps.held, report: deps.report });
  wake.processor = () => processing.wake();
  return {
    photos,
    processing,
    lifecycle: processing.lifecycle,
    router: photoRoutes(deps.config, photos, processing),
  };
}
