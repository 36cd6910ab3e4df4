import { Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import { appointmentRules } from '../appointments/appointment-rules.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { PublicUrl } from '../phone/public-url.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { TextsFeature } from '../texts/texts.feature.ts';
import type { Clock } from '../time.ts';
import { jobRepository } from '../jobs/job.repository.ts';
import { ENGLISH_ONLY, type CustomerLanguages } from '../customers/customer-languages.ts';
import { visitAnswerBook } from './visit-answer-book.ts';
import { visitConfirmations } from './visit-confirmations.ts';
import { visitAnswers } from './visit-answers.ts';
import { visitLinkRoutes } from './visit-link.routes.ts';
import { visitLinks } from './visit-links.ts';
import { visitPageRoutes } from './visit-page.routes.ts';
import { visitPageService } from './visit-page.service.ts';
import { visitReminders } from './visit-reminders.ts';
import { visitWords } from './visit-words.ts';

/**
 * Visit reminders (issue 25): texts before a visit through the outbox, carrying a link to the
 * customer's visit page, whose answers and "C"/"R" texts have one owner (the answer book). A saved
 * change of the automatic messages re-plans the visits still to come.
 */
export function remindersFeature(deps: {
  db: Db;
  config: Config;
  /** The texts feature: its outbox, its texts and its "automatic messages saved". */
  texts: Pick<TextsFeature, 'outbox' | 'texts' | 'whenAutomaticMessagesSaved'>;
  publicUrl: PublicUrl;
  events: EventBus;
  settings: SettingsRepository;
  appointments: AppointmentRepository;
  /** The customers' languages (app.ts passes the customer records; alone, everyone reads English). */
  languages?: CustomerLanguages;
  logger: Logger;
  clock?: Clock;
}) {
  const { db, config, events, settings, appointments, logger, clock } = deps;
  const languages = deps.languages ?? ENGLISH_ONLY;
  const { outbox, texts } = deps.texts;
  const links = visitLinks(db);
  const answers = visitAnswerBook({ db, events, timeZone: config.timeZone, clock });
  // The jobs' owner is read for a job's title ("house wash"), never written here.
  const words = visitWords(jobRepository(db));
  const reminders = visitReminders({
    appointments,
    words,
    config,
    outbox,
    texts,
    events,
    links,
    publicUrl: deps.publicUrl.get,
    settings,
    languages,
    clock,
    report: (error) => logger.error({ err: error }, 'visit reminders not planned'),
  });
  visitConfirmations({
    appointments,
    words,
    config,
    outbox,
    texts,
    events,
    links,
    publicUrl: deps.publicUrl.get,
    settings,
    languages,
    clock,
    report: (error) => logger.error({ err: error }, 'visit confirmation not planned'),
  });
  deps.texts.whenAutomaticMessagesSaved(() => reminders.replanUpcoming());
  visitAnswers({
    outbox: outbox.repository,
    appointments,
    config,
    texts,
    answers,
    languages,
    publicUrl: deps.publicUrl.get,
    clock,
  });
  const router = Router();
  const rules = appointmentRules(appointments, config.timeZone, clock ?? Date.now);
  router.use(
    visitLinkRoutes({ appointments, rules, links, publicUrl: deps.publicUrl.get, clock: clock ?? Date.now }),
  );
  router.use(
    visitPageRoutes(
      visitPageService({
        links,
        appointments,
        rules,
        answers,
        words,
        business: { name: config.business.name, phone: config.business.phone },
      }),
      config.rateLimitPerMinute,
    ),
  );
  return { router };
}
