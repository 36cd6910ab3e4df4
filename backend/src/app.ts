import express, { type Express } from 'express';
import { withoutLoneSurrogates } from '@washdesk/contract';
import type { Logger } from 'pino';
import { authRoutes } from './auth/auth.routes.ts';
import { signInThrottle } from './auth/sign-in-throttle.ts';
import { sessionRepository } from './auth/session.repository.ts';
import { routeAccess } from './auth/staff-session.ts';
import { canonicalApiPaths } from './auth/api-paths.ts';
import { guardApiRoutes } from './auth/guard-api-routes.ts';
import { userRepository } from './auth/user.repository.ts';
import { apiCompression } from './http/api-compression.ts';
import { perMinuteLimit } from './http/rate-limit.ts';
import { createLogger, requestLog } from './http/request-log.ts';
import { loggablePath } from './http/secret-paths.ts';
import { untrustedProxyWarning } from './http/forwarded-for-warning.ts';
import { securityHeaders } from './http/security-headers.ts';
import { userRoutes } from './users/user.routes.ts';
import { analysisRepository } from './quotes/analysis.repository.ts';
import { analyzerFromConfig } from './quotes/analyzer-from-config.ts';
import { quoteService } from './quotes/quote.service.ts';
import { quoteRoutes } from './quotes/quote.routes.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './time.ts';
import { appointmentRepository } from './appointments/appointment.repository.ts';
import { appointmentRoutes } from './appointments/appointment.routes.ts';
import { calendarFeedRepository } from './calendar-feed/calendar-feed.repository.ts';
import { calendarFeedRoutes } from './calendar-feed/calendar-feed.routes.ts';
import { callRepository } from './calls/call.repository.ts';
import { callRoutes } from './calls/call.routes.ts';
import { aiResponseRepository } from './ai-responses/ai-response.repository.ts';
import { aiResponseRoutes } from './ai-responses/ai-response.routes.ts';
import { faqRepository } from './faq/faq.repository.ts';
import { faqRoutes } from './faq/faq.routes.ts';
import { apiNotFound, errorHandler } from './http/errors.ts';
import { messengerRepository } from './messenger/messenger.repository.ts';
import { messengerRoutes } from './messenger/messenger.routes.ts';
import { messengerDeliveryFromConfig } from './messenger/meta-delivery.ts';
import { messengerService } from './messenger/messenger.service.ts';
import {
  MESSENGER_WEBHOOK,
  messengerWebhookBody,
  messengerWebhookRoutes,
} from './messenger/messenger-webhook.routes.ts';
import { assistantChannels } from './assistant/assistant-channels.ts';
import { createAssistant, type Pause } from './assistant/assistant.ts';
import { assistantRepository } from './assistant/assistant.repository.ts';
import { assistantRoutes } from './assistant/assistant.routes.ts';
import { assistantStatusService } from './assistant/assistant-status.service.ts';
import { pageRoutes } from './pages/pages.ts';
import { createEventBus } from './events/event-bus.ts';
import { newForMeRepository } from './new-for-me/new-for-me.repository.ts';
import { newForMeRoutes } from './new-for-me/new-for-me.routes.ts';
import { leadRepository } from './leads/lead.repository.ts';
import { leadRoutes } from './leads/lead.routes.ts';
import { customerRepository } from './customers/customer.repository.ts';
import { customerRoutes } from './customers/customer.routes.ts';
import { leadEstimateRoutes } from './leads/lead-estimate.routes.ts';
import { eventRepository } from './events/event.repository.ts';
import { eventStreamRoutes, type EventStreamOptions } from './events/event-stream.routes.ts';
import { phoneRoutes } from './phone/phone.routes.ts';
import { PHONE_WEBHOOKS } from './phone/webhook-paths.ts';
import { TWILIO_WEBHOOK_PREFIX, twilioWebhookBody } from './phone/twilio-signature.ts';
import { publicUrl as publicUrlOf, type PublicUrl } from './phone/public-url.ts';
import { twilioApi } from './phone/twilio-client.ts';
import { voicemailRoutes } from './phone/voicemail.ts';
import { blockedNumberRepository, blockedNumberRoutes } from './phone/blocked-numbers.ts';
import { businessHoursRoutes, businessHoursStore } from './phone/business-hours.ts';
import { photoRepository } from './photos/photo.repository.ts';
import { photoRoutes } from './photos/photo.routes.ts';
import { profileRepository } from './profile/profile.repository.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { profileService } from './profile/profile.service.ts';
import { serviceRequestRepository } from './service-requests/service-request.repository.ts';
import { serviceRequestRoutes } from './service-requests/service-request.routes.ts';
import { settingsRepository } from './settings/settings.repository.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { statsRepository } from './stats/stats.repository.ts';
import { quotePerformanceRepository } from './stats/quote-performance.repository.ts';
import { statsRoutes } from './stats/stats.routes.ts';
import { statsService } from './stats/stats.service.ts';
import { reportRepository } from './reports/report.repository.ts';
import { reportRoutes } from './reports/report.routes.ts';
import { reportService } from './reports/report.service.ts';
import { submissionRepository } from './submissions/submission.repository.ts';
import { submissionRoutes } from './submissions/submission.routes.ts';
import { sentQuoteRepository } from './quote-sending/sent-quote.repository.ts';
import { quoteSendingApp } from './quote-sending/quote-sending.app.ts';
import { backupService } from './backups/backup-service.ts';
import { backupRoutes } from './backups/backup.routes.ts';
import { mailOwners } from './backups/backup-mail.ts';
import type { Timer } from './backups/backup-timer.ts';

import { createOutbox } from './outbox/outbox.ts';
import { TEXT_WEBHOOKS } from './texts/text-webhook-paths.ts';
import { textsService } from './texts/texts.service.ts';
import { textWebhookRoutes } from './texts/text-webhook.routes.ts';
import { textsRoutes } from './texts/texts.routes.ts';
import { missedCallTextBack } from './texts/missed-call-text-back.ts';
import { visitReminders } from './reminders/visit-reminders.ts';
import { visitAnswerBook } from './reminders/visit-answer-book.ts';
import { visitLinks } from './reminders/visit-links.ts';
import { visitPageService } from './reminders/visit-page.service.ts';
import { visitPageRoutes } from './reminders/visit-page.routes.ts';
import { appointmentRules } from './appointments/appointment-rules.ts';
import { visitAnswers } from './reminders/visit-answers.ts';
import { quoteFollowUps } from './follow-ups/quote-follow-ups.ts';
import { afterTheJob } from './follow-ups/after-the-job.ts';

const wellFormedJson = (_key: string, value: unknown) =>
  typeof value === 'string' ? withoutLoneSurrogates(value) : value;

export interface AppDeps {
  db: Db;
  logger?: Logger;
  /** Where unexpected faults go; the client only ever sees a bare 500. */
  reportError?: (error: unknown, context: { method: string; path: string }) => void;
  /** The clock time budgets run on (default Date.now); tests stop it. */
  clock?: Clock;
  /** How the assistant waits out Settings → Response Delay (default a real timer). */
  pause?: Pause;
  /** Event stream timings; tests shorten them. */
  eventStream?: EventStreamOptions;
  /** The address Twilio and customers reach this server at; an ngrok tunnel may change it. */
  publicUrl?: PublicUrl;
  /** The timer scheduled backups run on (default a real one); tests fire it themselves. */
  backupTimer?: Timer;
  /** How often the outbox scheduler looks for due messages (real time; default 15 s). */
  outboxPassEveryMs?: number;
}

export function createRepositories(db: Db, config: Config, clock?: Clock) {
  const photos = photoRepository(db);
  const analyses = analysisRepository(db);
  const sentQuotes = sentQuoteRepository(db, clock);
  const customers = customerRepository(db);
  return {
    photos,
    analyses,
    sentQuotes,
    submissions: submissionRepository(db, photos, analyses, sentQuotes),
    serviceRequests: serviceRequestRepository(db, photos),
    calls: callRepository(db, { callerName: customers.callerName }),
    faq: faqRepository(db),
    appointments: appointmentRepository(db),
    settings: settingsRepository(db),
    messenger: messengerRepository(db),
    stats: statsRepository(db, config.timeZone),
    quotePerformance: quotePerformanceRepository(db),
    reports: reportRepository(db, config.timeZone),
    profile: profileRepository(db),
    assistant: assistantRepository(db),
    users: userRepository(db),
    events: eventRepository(db),
    newForMe: newForMeRepository(db),
    leads: leadRepository(db),
    customers,
    sessions: sessionRepository(db, config.session),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

export function createApp(config: Config, deps: AppDeps): Express {
  const repos = createRepositories(deps.db, config, deps.clock);
  const logger = deps.logger ?? createLogger(config.logLevel);
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For is believed only from the proxies TRUST_PROXY names; by default from nobody.
  app.set('trust proxy', config.trustProxy);
  app.use(requestLog(logger));
  app.use(untrustedProxyWarning(logger));
  app.use(securityHeaders(config));
  app.use(apiCompression());
  // API calls: never cached, and only in their one canonical spelling.
  app.use(canonicalApiPaths);
  // Public endpoints that write are limited per address before any body is read.
  for (const path of [
    '/api/photo-submissions',
    '/api/analyze-photos',
    '/api/photo-quote',
    '/api/service-requests',
  ]) {
    app.post(path, perMinuteLimit(path, config.rateLimitPerMinute));
  }
  // Meta signs the raw bytes: read them before the JSON parser would.
  app.post(MESSENGER_WEBHOOK, messengerWebhookBody);
  // Twilio signs form fields: under its prefix only a form is read, never a JSON body.
  app.use(TWILIO_WEBHOOK_PREFIX, twilioWebhookBody);
  // Every JSON body's text is well-formed before a route reads it: no lone surrogate reaches SQLite.
  app.use('/api', express.json({ limit: '100kb', reviver: wellFormedJson }));

  const signIns = signInThrottle(deps.clock);
  app.use(authRoutes(config, repos.users, repos.sessions, signIns));
  app.use(userRoutes(repos.users, repos.sessions, signIns));
  // Features that receive customers report their channel here; the assistant's status reads it.
  const channels = assistantChannels();
  // Every writer announces its committed changes here; GET /api/events hands them to staff.
  const events = createEventBus(repos.events, deps.clock);
  // One conversation core for every channel that talks with customers (phone, Messenger).
  const publicUrl = deps.publicUrl ?? publicUrlOf(config.publicBaseUrl);
  const assistant = createAssistant({
    db: deps.db,
    config,
    settings: repos.settings,
    appointments: repos.appointments,
    clock: deps.clock,
    pause: deps.pause,
    publicUrl: publicUrl.get,
    events,
  });
  const twilio = twilioApi(config.providers.twilio);
  // Every automatic message goes through one durable outbox; startServer runs its scheduler.
  const outbox = createOutbox({
    db: deps.db,
    config,
    twilio,
    statusCallbackUrl: () => `${publicUrl.get()}${TEXT_WEBHOOKS.messageStatus}`,
    clock: deps.clock,
    logger,
    changed: (message) => texts.outboxChanged(message),
  });
  app.locals.outbox = outbox;
  app.use(
    phoneRoutes({ config, db: deps.db, calls: repos.calls, assistant, publicUrl, twilio, logger, events, clock: deps.clock }),
  );
  app.use(voicemailRoutes({ config, calls: repos.calls, publicUrl, events, logger }));
  channels.receives('phone', Object.values(PHONE_WEBHOOKS));
  // Texts on the business number: Twilio's messaging webhooks and the Texts screen.
  const texts = textsService({ db: deps.db, config, outbox, events, clock: deps.clock });
  app.use(textWebhookRoutes({ authToken: config.providers.twilio.authToken, publicUrl, texts }));
  // A saved change of the automatic messages re-plans the visits still to come.
  app.use(textsRoutes(texts, repos.settings, outbox, () => reminders.replanUpcoming()));
  missedCallTextBack({
    db: deps.db,
    events,
    texts,
    settings: repos.settings,
    business: config.business,
    timeZone: config.timeZone,
    publicUrl: publicUrl.get,
    clock: deps.clock,
    report: (error) => logger.error({ err: error }, 'missed-call text-back not queued'),
  });
  // Visit reminders carry a link to the customer's visit page; its answers and "C"/"R" texts have one owner.
  const links = visitLinks(deps.db);
  const visitAnswersBook = visitAnswerBook({ db: deps.db, events, clock: deps.clock });
  const reminders = visitReminders({
    db: deps.db,
    config,
    outbox,
    texts,
    events,
    links,
    publicUrl: publicUrl.get,
    settings: repos.settings,
    clock: deps.clock,
    report: (error) => logger.error({ err: error }, 'visit reminders not planned'),
  });
  visitAnswers({ db: deps.db, config, texts, answers: visitAnswersBook, clock: deps.clock });
  app.use(
    visitPageRoutes(
      visitPageService({
        links,
        appointments: repos.appointments,
        rules: appointmentRules(repos.appointments, config.timeZone, deps.clock ?? Date.now),
        answers: visitAnswersBook,
        business: { name: config.business.name, phone: config.business.phone },
      }),
      config.rateLimitPerMinute,
    ),
  );
  afterTheJob({
    db: deps.db,
    config,
    outbox,
    texts,
    events,
    settings: repos.settings,
    clock: deps.clock,
    report: (error) => logger.error({ err: error }, 'after-the-job messages not queued'),
  });
  const messenger = messengerService({
    db: deps.db,
    settings: repos.settings,
    assistant,
    delivery: messengerDeliveryFromConfig(config.providers.meta),
    receiving: Boolean(config.providers.meta.appSecret),
    clock: deps.clock,
    report: (error) => report(error, { method: 'POST', path: MESSENGER_WEBHOOK }),
    events,
  });
  // Shutdown and tests wait for replies still being written after the webhook answered.
  app.locals.settled = messenger.settled;
  app.use(messengerWebhookRoutes(config.providers.meta, messenger, deps.clock));
  channels.receives('messenger', [MESSENGER_WEBHOOK]);
  // Backups on a timer; startServer starts it once the server listens and stops it on close.
  const backups = backupService({
    db: deps.db,
    config,
    clock: deps.clock,
    timer: deps.backupTimer,
    bus: events,
    mailStaff: mailOwners(config, repos.users, logger),
    logger,
  });
  app.locals.backups = backups;
  app.use(backupRoutes(backups));
  app.use(profileRoutes(profileService(config, repos.profile, backups, deps.clock)));
  app.use(statsRoutes(statsService(repos.stats, repos.quotePerformance, deps.clock)));
  app.use(reportRoutes(reportService(repos.reports, config.timeZone, deps.clock)));
  app.use(submissionRoutes(config, repos.submissions, events));
  app.use(
    quoteRoutes(
      config,
      repos.submissions,
      quoteService(config, repos.analyses, analyzerFromConfig(config, deps.clock), deps.clock),
      channels,
      events,
    ),
  );
  app.use(photoRoutes(config, repos.photos));
  const followUps = quoteFollowUps({
    db: deps.db,
    config,
    outbox,
    texts,
    settings: repos.settings,
    clock: deps.clock,
  });
  app.use(followUps.router);
  app.use(
    quoteSendingApp({
      config,
      repos,
      twilio,
      publicUrl: publicUrl.get,
      events,
      clock: deps.clock,
      afterSend: followUps.plan,
    }),
  );
  app.use(serviceRequestRoutes(config, repos.serviceRequests, events));
  app.use(callRoutes(repos.calls, config.timeZone));
  app.use(blockedNumberRoutes(blockedNumberRepository(deps.db)));
  app.use(businessHoursRoutes(businessHoursStore(deps.db)));
  app.use(aiResponseRoutes(aiResponseRepository(deps.db)));
  app.use(faqRoutes(repos.faq));
  app.use(appointmentRoutes(repos.appointments, config.timeZone, deps.clock, events));
  app.use(calendarFeedRoutes(config, calendarFeedRepository(deps.db, deps.clock), repos.appointments));
  app.use(settingsRoutes(repos.settings, config, publicUrl.get));
  app.use(messengerRoutes(messenger));
  app.use(
    assistantRoutes(
      assistantStatusService(config, channels, repos.assistant, () => repos.settings.aiSettings()),
    ),
  );
  app.use(newForMeRoutes(repos.newForMe, deps.clock));
  app.use(leadRoutes(repos.leads));
  app.use(customerRoutes(repos.customers));
  app.use(
    leadEstimateRoutes({ ...repos, db: deps.db, timeZone: config.timeZone, clock: deps.clock, events }),
  );
  app.use(eventStreamRoutes(events, repos.events, repos.sessions, repos.users, deps.eventStream));
  // Last of the API: every route registered above gets the session check as its first handler.
  guardApiRoutes(app, routeAccess(config, repos.users, repos.sessions));
  app.use('/api', apiNotFound);
  app.use(pageRoutes(config));

  const report =
    deps.reportError ??
    ((error: unknown, context: { method: string; path: string }) =>
      logger.error({ err: error, ...context }, 'unexpected fault'));
  app.use(errorHandler((error, req) => report(error, { method: req.method, path: loggablePath(req.path) })));
  return app;
}
