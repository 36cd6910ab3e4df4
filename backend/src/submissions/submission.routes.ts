import { Router } from 'express';
import {
  MAX_PHOTOS_PER_SUBMISSION,
  PHOTO_FIELD,
  PHOTOS_REQUIRED_MESSAGE,
  photoSubmissionCreateSchema,
  photoSubmissionUpdateSchema,
  submissionListQuerySchema,
} from '@washdesk/contract';
import type { Config } from '../config.ts';
import { notFound, parseWith, routeId, validationError } from '../http/errors.ts';
import { keyCursorSchema, sendNextCursor } from '../http/key-cursor.ts';
import { listQuery, sendPage } from '../http/lists.ts';
import { receivePhotos, savingPhotos, uploadedFiles } from '../photos/photo.storage.ts';
import type { SubmissionRepository } from './submission.repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import { submissionCreated } from '../events/announcements.ts';
import type { PageLanguageHeard } from '../customers/customer-languages.ts';
import { customerWaits, type PhotoProcessing } from '../photos/photo-processing.ts';

// Built once: the list's filters and its key cursor (http/lists.ts caches the page schema by it).
const pageFilters = submissionListQuerySchema.extend(keyCursorSchema.shape);

export function submissionRoutes(
  config: Config,
  submissions: SubmissionRepository,
  events: EventBus,
  languageHeard?: PageLanguageHeard,
  processing?: Pick<PhotoProcessing, 'customerWaiting'>,
) {
  const router = Router();

  router.get('/api/photo-submissions', (req, res) => {
    const query = listQuery(req, pageFilters);
    const { rows, total } = submissions.list(query);
    sendNextCursor(res, rows, query.limit);
    sendPage(res, rows, total);
  });

  router.get('/api/photo-submissions/:id', (req, res) => {
    const id = routeId(req.params);
    const submission = submissions.get(id);
    if (!submission) throw notFound('Photo submission');
    res.json(submission);
  });

  // The photo form's manual submission: fields first, then photos, then one transaction.
  router.post(
    '/api/photo-submissions',
    customerWaits(processing),
    receivePhotos(config, {
      fieldPattern: new RegExp(`^${PHOTO_FIELD}(\\[\\])?$`),
      maxFiles: MAX_PHOTOS_PER_SUBMISSION,
    }),
    async (req, res) => {
      const fields = parseWith(photoSubmissionCreateSchema, req.body ?? {});
      const files = uploadedFiles(req);
      if (files.length === 0) throw validationError({ photos: PHOTOS_REQUIRED_MESSAGE });
      const submission = await savingPhotos(config, files, (stored) =>
        submissions.create(fields, 'photo-form', stored),
      );
      languageHeard?.(req, fields);
      events.publish(submissionCreated(submission));
      res.status(201).json(submission);
    },
  );

  router.put('/api/photo-submissions/:id', (req, res) => {
    const id = routeId(req.params);
    const change = parseWith(photoSubmissionUpdateSchema, req.body ?? {});
    const updated = submissions.update(id, change);
    if (!updated) throw notFound('Photo submission');
    res.json(updated);
  });

  return router;
}
