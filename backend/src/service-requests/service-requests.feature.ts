import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { PhotoRepository } from '../photos/photo.repository.ts';
import type { PageLanguageHeard } from '../customers/customer-languages.ts';
import { serviceRequestRepository } from './service-request.repository.ts';
import { serviceRequestRoutes } from './service-request.routes.ts';

/** Service requests from the public site's wizard. */
export function serviceRequestsFeature(deps: {
  db: Db;
  config: Config;
  photos: PhotoRepository;
  events: EventBus;
  /** The wizard's page language, remembered on the customer (issue 37). */
  languageHeard?: PageLanguageHeard;
}) {
  const requests = serviceRequestRepository(deps.db, deps.photos);
  return { router: serviceRequestRoutes(deps.config, requests, deps.events, deps.languageHeard) };
}
