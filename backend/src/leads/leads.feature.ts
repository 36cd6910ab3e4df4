import { Router } from 'express';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { PhotoRepository } from '../photos/photo.repository.ts';
import type { Clock } from '../time.ts';
import { leadEstimateRoutes } from './lead-estimate.routes.ts';
import { leadRepository } from './lead.repository.ts';
import { leadRoutes } from './lead.routes.ts';

/**
 * The requests inbox (leads from every channel) and booking a lead's estimate; `leads` takes the
 * notes other features add to a lead (the assistant's "writes Spanish").
 */
export function leadsFeature(deps: {
  db: Db;
  config: Pick<Config, 'timeZone'>;
  photos: PhotoRepository;
  appointments: AppointmentRepository;
  events: EventBus;
  clock?: Clock;
}) {
  const leads = leadRepository(deps.db, deps.photos);
  const router = Router();
  router.use(leadRoutes(leads));
  router.use(
    leadEstimateRoutes({
      db: deps.db,
      leads,
      appointments: deps.appointments,
      timeZone: deps.config.timeZone,
      clock: deps.clock,
      events: deps.events,
    }),
  );
  return { leads, router };
}
