import { Router } from 'express';
import {
  MAX_PHOTOS_PER_SUBMISSION,
  serviceRequestCreateSchema,
  serviceRequestListQuerySchema,
} from '@washdesk/contract';
import type { Config } from '../config.ts';
import { notFound, parseWith, routeId } from '../http/errors.ts';
import { keyCursorSchema, sendNextCursor } from '../http/key-cursor.ts';
import { listQuery, sendPage } from '../http/lists.ts';
import { receivePhotos, savingPhotos, uploadedFiles } from '../photos/photo.storage.ts';
import type { ServiceRequestRepository } from './service-request.repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import { serviceRequestCreated } from '../events/announcements.ts';
import type { PageLanguageHeard } from '../customers/customer-languages.ts';

// Built once: the list's filters and its key cursor (http/lists.ts caches the page schema by it).
const pageFilters = serviceRequestListQuerySchema.extend(keyCursorSchema.shape);

/** The wizard's request is a lead: stored, never only logged. JSON, or multipart with photos. */
export function serviceRequestRoutes(
  config: Config,
  requests: ServiceRequestRepository,
  events: EventBus,
  languageHeard?: PageLanguageHeard,
) {
  const router = Router();
  router.post(
    '/api/service-requests',
    receivePhotos(config, { fieldPattern: /^photos(\[\])?$/, maxFiles: MAX_PHOTOS_PER_SUBMISSION }),
    async (req, res) => {
      const fields = parseWith(serviceRequestCreateSchema, req.body ?? {});
      const request = await savingPhotos(config, uploadedFiles(req), (stored) =>
        requests.create(fields, stored),
      );
      languageHeard?.(req, { phone: fields.phone, email: fields.email });
      events.publish(serviceRequestCreated(request));
      res.status(201).json(request);
    },
  );
  router.get('/api/service-requests', (req, res) => {
    const query = listQuery(req, pageFilters);
    const { rows, total } = requests.list(query);
    sendNextCursor(res, rows, query.limit);
    sendPage(res, rows, total);
  });
  router.get('/api/service-requests/:id', (req, res) => {
    const request = requests.get(routeId(req.params));
    if (!request) throw notFound('Service request');
    res.json(request);
  });
  return router;
}
