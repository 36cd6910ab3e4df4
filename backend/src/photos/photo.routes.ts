import fs from 'node:fs';
import { Router } from 'express';
import type { Config } from '../config.ts';
import { notFound } from '../http/errors.ts';
import type { PhotoProcessing } from './photo-processing.ts';
import type { PhotoRepository } from './photo.repository.ts';
import { PHOTO_ID_PATTERN, photoFile, thumbnailFile } from './photo.storage.ts';

/** Customer photos, by their random id (never a path the client chooses). */
export function photoRoutes(
  config: Config,
  photos: Pick<PhotoRepository, 'exists'>,
  processing: Pick<PhotoProcessing, 'ready'>,
) {
  const router = Router();
  const send =
    (pick: (id: string) => string) =>
    async (req: { params: { id: string } }, res: import('express').Response) => {
      const { id } = req.params;
      if (!PHOTO_ID_PATTERN.test(id) || !photos.exists(id)) throw notFound('Photo');
      // Only a stripped photo is ever sent: one still as it arrived is processed first.
      if (!(await processing.ready(id))) throw notFound('Photo file');
      const file = pick(id);
      if (!fs.existsSync(file)) throw notFound('Photo file');
      // Like every API answer, photos are `private, no-store`: nothing of a customer's home
      // stays in a browser's cache after the staff member signs out.
      res.type('image/jpeg').sendFile(file);
    };
  router.get(
    '/api/photos/:id',
    send((id) => photoFile(config, id)),
  );
  router.get(
    '/api/photos/:id/thumbnail',
    send((id) => thumbnailFile(config, id)),
  );
  return router;
}
