import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { PhotoRepository } from '../photos/photo.repository.ts';
import { serviceRequestRepository } from './service-request.repository.ts';
import { serviceRequestRoutes } from './service-request.routes.ts';

/** Service requests from the public site's wizard. */
export function serviceRequestsFeature(deps: {
  db: Db;
  config: Config;
  photos: PhotoRepository;
  events: EventBus;
}) {
  const requests = serviceRequestRepository(deps.db, deps.photos);
  return { router: serviceRequestRoutes(deps.config, requests, deps.events) };
}
