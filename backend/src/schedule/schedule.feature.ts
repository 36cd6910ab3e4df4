import type { CustomerLanguages } from '../customers/customer-languages.ts';
import { appointmentServiceLabel } from '@washdesk/contract';
import { Router } from 'express';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import { appointmentRules } from '../appointments/appointment-rules.ts';
import type { EventBus } from '../events/event-bus.ts';
import { jobRepository } from '../jobs/job.repository.ts';
import { crewRepository } from '../crews/crew.repository.ts';
import type { TextsFeature } from '../texts/texts.feature.ts';
import type { Clock } from '../time.ts';
import { boardRead } from './board.read.ts';
import { crewRoutes } from './crew.routes.ts';
import { customerNotices } from './customer-notices.ts';
import { scheduleRoutes } from './schedule.routes.ts';
import { scheduleService } from './schedule.service.ts';

/**
 * The crew's board (issue 33): the week's visits per crew, moves by drag or dialog, the tray of
 * jobs without a visit, a job's progress through the day, and Settings → Crews. The customer
 * hears of a move through the texts feature's outbox.
 */
export function scheduleFeature(deps: {
  db: Db;
  config: Pick<Config, 'timeZone' | 'business'>;
  appointments: AppointmentRepository;
  events: EventBus;
  texts: Pick<TextsFeature, 'outbox' | 'texts'>;
  /** The customers' languages: the board's texts are written in each customer's (issue 37). */
  languages?: Pick<CustomerLanguages, 'languageOf'>;
  /** Our public address: the board's texts link the customer's own page there. */
  publicUrl: () => string;
  clock?: Clock;
}) {
  const { db, config, appointments, events } = deps;
  const jobs = jobRepository(db);
  const crews = crewRepository(db);
  const board = boardRead(db, appointmentServiceLabel);
  const rules = appointmentRules(appointments, config.timeZone, deps.clock ?? Date.now);
  const notices = customerNotices({
    config,
    languages: deps.languages,
    texts: deps.texts.texts,
    canText: () => deps.texts.outbox.configured.text,
    publicUrl: deps.publicUrl,
  });
  const service = scheduleService({ db, appointments, jobs, crews, board, rules, notices, events });
  const router = Router();
  router.use(scheduleRoutes({ service, board, jobs }));
  router.use(crewRoutes({ service, crews }));
  // The crews, for the route and rain-day tools (one repository of them).
  return { router, crews };
}
