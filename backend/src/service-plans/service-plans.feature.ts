import { Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import { appointmentRules } from '../appointments/appointment-rules.ts';
import { realTimer, type Timer } from '../backups/backup-timer.ts';
import type { CustomerRepository } from '../customers/customer.repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { FeatureLifecycle } from '../feature-lifecycle.ts';
import { jobRepository } from '../jobs/job.repository.ts';
import type { PublicUrl } from '../phone/public-url.ts';
import type { TextsFeature } from '../texts/texts.feature.ts';
import type { Clock } from '../time.ts';
import { planReminders } from './plan-reminders.ts';
import { planSeason } from './plan-season.ts';
import { planVisitLinks } from './plan-visit-links.ts';
import { planVisitPageService } from './plan-visit-page.service.ts';
import { servicePlanRepository } from './service-plan.repository.ts';
import { planVisitRoutes, servicePlanRoutes } from './service-plans.routes.ts';
import { servicePlansService } from './service-plans.service.ts';

/** How often the season looks ahead again (a new month entering the window is a day's matter). */
export const SEASON_PASS_EVERY_MS = 6 * 3_600_000;

/**
 * Recurring service (issue 33, item 6): a customer's plan, its season of unscheduled jobs made
 * ahead on a timer (started once the server listens, stopped before the database closes), the
 * re-service reminder through the outbox and the customer's "pick your slot" page.
 */
export function servicePlansFeature(deps: {
  db: Db;
  config: Config;
  customers: Pick<CustomerRepository, 'get' | 'languageOf'>;
  appointments: AppointmentRepository;
  texts: Pick<TextsFeature, 'outbox' | 'texts'>;
  publicUrl: PublicUrl;
  events: EventBus;
  logger: Logger;
  clock?: Clock;
  /** The timer the season's passes run on; tests fire it themselves. */
  timer?: Timer;
}) {
  const { db, config, logger } = deps;
  const clock = deps.clock ?? Date.now;
  const plans = servicePlanRepository(db);
  const jobs = jobRepository(db);
  const links = planVisitLinks(db);
  const reminders = planReminders({
    outbox: deps.texts.outbox,
    texts: deps.texts.texts,
    links,
    jobs,
    plans,
    publicUrl: deps.publicUrl.get,
    businessName: config.business.name,
    languages: deps.customers,
    clock,
  });
  const season = planSeason({
    plans,
    jobs,
    customers: deps.customers,
    reminders,
    timeZone: config.timeZone,
    clock,
    report: (error, planId) => logger.error({ err: error, planId }, 'service plan season not made'),
  });
  const router = Router();
  router.use(
    servicePlanRoutes(
      servicePlansService({
        plans,
        customers: deps.customers,
        jobs,
        season,
        reminders,
        timeZone: config.timeZone,
        clock,
      }),
    ),
  );
  router.use(
    planVisitRoutes(
      planVisitPageService({
        db,
        links,
        jobs,
        plans,
        appointments: deps.appointments,
        rules: appointmentRules(deps.appointments, config.timeZone, clock),
        events: deps.events,
        business: { name: config.business.name, phone: config.business.phone },
      }),
      config.rateLimitPerMinute,
    ),
  );

  const timer = deps.timer ?? realTimer;
  let cancel: (() => void) | null = null;
  let running = false;
  const pass = () => {
    if (!running) return;
    season.run();
    cancel = timer.after(SEASON_PASS_EVERY_MS, pass);
  };
  const lifecycle: FeatureLifecycle = {
    name: 'service plans',
    start() {
      running = true;
      pass();
    },
    async stop() {
      running = false;
      cancel?.();
      cancel = null;
    },
  };
  return { router, lifecycle, season };
}
