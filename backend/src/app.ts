import express, { type Express } from 'express';
import { withoutLoneSurrogates } from '@washdesk/contract';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './time.ts';
import { canonicalApiPaths } from './auth/api-paths.ts';
import { guardApiRoutes } from './auth/guard-api-routes.ts';
import { apiCompression } from './http/api-compression.ts';
import { skipRoutersOutOfReach } from './http/router-reach.ts';
import { apiNotFound, errorHandler } from './http/errors.ts';
import { untrustedProxyWarning } from './http/forwarded-for-warning.ts';
import { perMinuteLimit } from './http/rate-limit.ts';
import { createLogger, requestLog } from './http/request-log.ts';
import { loggablePath } from './http/secret-paths.ts';
import { securityHeaders } from './http/security-headers.ts';
import { MESSENGER_WEBHOOK, messengerWebhookBody } from './webhooks/meta.adapter.ts';
import { TWILIO_WEBHOOK_PREFIX, twilioWebhookBody } from './phone/twilio-signature.ts';
import { webhookInbox, workAfterAnswers } from './webhooks/webhook-inbox.ts';
import { twilioWebhooks } from './webhooks/twilio.adapter.ts';
import type { FeatureLifecycle } from './feature-lifecycle.ts';
import type { Outbox } from './outbox/outbox.ts';
import { publicUrl as publicUrlOf, type PublicUrl } from './phone/public-url.ts';
import { twilioApi } from './phone/twilio-client.ts';
import type { Pause } from './assistant/assistant.ts';
import type { EventStreamOptions } from './events/event-stream.routes.ts';
import type { Timer } from './backups/backup-timer.ts';
import { sentQuoteRepository } from './quote-sending/sent-quote.repository.ts';
import { outboxRepository } from './outbox/outbox.repository.ts';
import { textRepository } from './texts/text.repository.ts';
import { businessTexts } from './texts/business-texts.ts';
import { followThroughSettings } from './texts/follow-through-settings.ts';
import { TEXT_WEBHOOKS } from './texts/text-webhook-paths.ts';
import { calendarFeedRepository } from './calendar-feed/calendar-feed.repository.ts';
import { pageRoutes } from './pages/pages.ts';
// The features, each from its one entry point.
import { authFeature } from './auth/auth.feature.ts';
import { eventsFeature } from './events/events.feature.ts';
import { settingsFeature } from './settings/settings.feature.ts';
import { appointmentsFeature } from './appointments/appointments.feature.ts';
import { assistantFeature } from './assistant/assistant.feature.ts';
import { visitChangeTexts } from './assistant/visit-change-texts.ts';
import { photosFeature } from './photos/photos.feature.ts';
import { customersFeature } from './customers/customers.feature.ts';
import { pageLanguageHeard } from './customers/customer-languages.ts';
import { callsFeature } from './calls/calls.feature.ts';
import { phoneFeature } from './phone/phone.feature.ts';
import { messengerFeature } from './messenger/messenger.feature.ts';
import { backupsFeature } from './backups/backups.feature.ts';
import { profileFeature } from './profile/profile.feature.ts';
import { statsFeature } from './stats/stats.feature.ts';
import { dashboardFeature } from './dashboard/dashboard.feature.ts';
import { reportsFeature } from './reports/reports.feature.ts';
import { exportsFeature } from './exports/exports.feature.ts';
import { photoQuotesFeature } from './submissions/photo-quotes.feature.ts';
import { quoteSendingFeature } from './quote-sending/quote-sending.feature.ts';
import { jobRepository } from './jobs/job.repository.ts';
import { serviceRequestsFeature } from './service-requests/service-requests.feature.ts';
import { faqFeature } from './faq/faq.feature.ts';
import { aiResponsesFeature } from './ai-responses/ai-responses.feature.ts';
import { calendarFeedFeature } from './calendar-feed/calendar-feed.feature.ts';
import { newForMeFeature } from './new-for-me/new-for-me.feature.ts';
import { leadsFeature } from './leads/leads.feature.ts';
import { textsFeature } from './texts/texts.feature.ts';
import { remindersFeature } from './reminders/reminders.feature.ts';
import { followUpsFeature } from './follow-ups/follow-ups.feature.ts';
import { servicePlansFeature } from './service-plans/service-plans.feature.ts';
import { scheduleFeature } from './schedule/schedule.feature.ts';
import { scheduleToolsFeature } from './schedule-tools/schedule-tools.feature.ts';
import { paymentsFeature } from './payments/payments.feature.ts';
import { depositsFeature } from './deposits/deposits.feature.ts';
import { accountFeature } from './account/account.feature.ts';
import { invoicesFeature } from './invoices/invoices.feature.ts';
import { STRIPE_WEBHOOK, stripeWebhookBody } from './payments/stripe-webhook.routes.ts';
import { paymentsListFeature } from './payments-list/payments-list.feature.ts';
import { refundsFeature } from './refunds/refunds.feature.ts';
import { disputeEvidenceFeature } from './dispute-evidence/dispute-evidence.feature.ts';
import { appointmentRules } from './appointments/appointment-rules.ts';

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
  /** How long a Twilio request may take before its outcome is unknown (default 4 s); tests shorten it. */
  twilioTimeoutMs?: number;
  /** The timer service plans' season runs on (default a real one); tests fire it themselves. */
  planSeasonTimer?: Timer;
  /** Crash tests keep uploads unprocessed (a photo asked for is still processed first). */
  holdPhotoProcessing?: boolean;
}

/** The app and what its features run beside their routes, typed (no side channel on the app). */
export interface WashdeskApp {
  app: Express;
  /** Started in this order once the server listens; stopped in reverse before the database closes. */
  lifecycles: FeatureLifecycle[];
  /** The durable outbox (tests run a pass of its scheduler themselves). */
  outbox: Outbox;
  /** Resolves once work started after a webhook answered (Messenger and text replies) is done. */
  settled(): Promise<void>;
}

/**
 * The app: middleware, then the features, each built from its one entry point with the narrow
 * dependencies it names (docs/ARCHITECTURE.md, "One way to wire a feature"). A feature builds its
 * own repositories; one that others read (settings, appointments, photos, customers, calls,
 * submissions) is returned and passed on by name.
 */
export function createApp(config: Config, deps: AppDeps): WashdeskApp {
  const { db, clock } = deps;
  const logger = deps.logger ?? createLogger(config.logLevel);
  const app = express();
  app.disable('x-powered-by');
  // No hash of every answer for an ETag: API answers are never stored (api-caching.ts), so nothing
  // would ever send it back, and hashing a list page cost more than reading it; public pages set
  // their own (pages/public-page-html.ts) and static files theirs.
  app.set('etag', false);
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
  // Stripe signs the raw bytes too (payments/stripe-webhook.routes.ts).
  app.post(STRIPE_WEBHOOK, stripeWebhookBody);
  // Twilio signs form fields: under its prefix only a form is read, never a JSON body.
  app.use(TWILIO_WEBHOOK_PREFIX, twilioWebhookBody);
  // Every JSON body's text is well-formed before a route reads it: no lone surrogate reaches SQLite.
  app.use('/api', express.json({ limit: '100kb', reviver: wellFormedJson }));

  const report =
    deps.reportError ??
    ((error: unknown, context: { method: string; path: string }) =>
      logger.error({ err: error, ...context }, 'unexpected fault'));
  const publicUrl = deps.publicUrl ?? publicUrlOf(config.publicBaseUrl);
  const twilio = twilioApi(config.providers.twilio, deps.twilioTimeoutMs);
  // The one webhook inbox: every provider's events are recorded with their effect, once.
  const inbox = webhookInbox(db, clock);
  const afterTwilioAnswers = workAfterAnswers();
  const twilioHooks = twilioWebhooks({
    authToken: config.providers.twilio.authToken,
    publicUrl,
    inbox,
    afterwards: afterTwilioAnswers,
  });

  // Calendar links end with their creator's access (auth/) and are served by their own feature.
  const calendarFeeds = calendarFeedRepository(db, clock);
  const auth = authFeature({ config, db, calendarFeeds, clock });
  app.use(auth.router);
  // Every writer announces its committed changes here; GET /api/events hands them to staff.
  const { bus: events, router: eventStream } = eventsFeature({
    db,
    clock,
    sessions: auth.sessions,
    users: auth.users,
    stream: deps.eventStream,
  });
  const { settings, router: settingsRouter } = settingsFeature({ db, config, publicUrl: publicUrl.get });
  const { appointments, router: appointmentsRouter } = appointmentsFeature({ db, config, events, clock });
  // The ledger and, when configured, Stripe's hosted Checkout: deposits, invoices and reports read it.
  const payments = paymentsFeature({
    db,
    config,
    clock,
    inbox,
    events,
    report: (error) => report(error, { method: 'Stripe fees', path: '-' }),
  });
  app.use(payments.router);
  const {
    photos,
    processing: photoProcessing,
    lifecycle: photoLifecycle,
    router: photosRouter,
  } = photosFeature({
    db,
    config,
    held: deps.holdPhotoProcessing,
    report: (error) => report(error, { method: 'photo processing', path: '-' }),
  });
  const { faq, router: faqRouter } = faqFeature({ db });
  const { leads, router: leadsRouter } = leadsFeature({ db, config, photos, appointments, events, clock });
  // One conversation core for every channel that talks with customers (phone, Messenger, texts).
  // A visit moved or cancelled with it is texted through the outbox, which the texts feature
  // (itself needing the assistant) builds below and hands over.
  const visitTexts = visitChangeTexts(clock);
  const {
    assistant,
    channels,
    router: assistantRouter,
  } = assistantFeature({
    db,
    config,
    settings,
    faq,
    appointments,
    leads,
    events,
    publicUrl: publicUrl.get,
    clock,
    pause: deps.pause,
    visitTexts,
  });
  // Texts and automatic messages are written by the texts feature and shown on the customer
  // timeline: each repository is built once here, for both.
  const textMessages = textRepository(db, photos);
  const outboxMessages = outboxRepository(db);
  const { customers, router: customersRouter } = customersFeature({
    db,
    timeZone: config.timeZone,
    clock,
    photos,
    texts: textMessages,
    outbox: outboxMessages,
  });
  const { calls, router: callLogs } = callsFeature({ db, config, customers });
  // Every text the business sends goes through this one sender: STOP, consent and quiet hours.
  const texting = twilio
    ? businessTexts({
        twilio,
        texts: textMessages,
        calls,
        timeZone: config.timeZone,
        quietHours: () => followThroughSettings(settings).quietHours(),
        clock,
      })
    : null;
  // Quote sending's record: photo submissions show the last quote sent, follow-ups follow it.
  const sentQuotes = sentQuoteRepository(db, leads, clock);
  // Texts on the business number, with the one durable outbox every automatic message goes
  // through (startServer runs its scheduler); then visit reminders and follow-ups, which get it.
  const textsOfBusiness = textsFeature({
    config,
    businessTexts: texting,
    publicUrl,
    events,
    settings,
    assistant,
    textMessages,
    outboxMessages,
    calls,
    logger,
    clock,
    webhooks: twilioHooks,
    outboxPassEveryMs: deps.outboxPassEveryMs,
    languages: customers,
  });
  const { outbox, texts, lifecycle: outboxScheduler } = textsOfBusiness;
  visitTexts.use(outbox, {
    businessName: config.business.name,
    timeZone: config.timeZone,
    publicUrl: publicUrl.get,
    languages: customers,
  });
  app.use(textsOfBusiness.router);
  // The customer's own page: sign-in links through the one text sender, their messages onto the
  // texts' threads, everything of theirs across merged records (account/).
  const account = accountFeature({
    db,
    config,
    texting,
    textMessages,
    customers,
    events,
    publicUrl: publicUrl.get,
    payOnline: payments.online,
    clock,
    report: (error) => report(error, { method: 'account link', path: '-' }),
  });
  app.use(account.router);
  const reminders = remindersFeature({
    db,
    config,
    texts: textsOfBusiness,
    publicUrl,
    events,
    settings,
    appointments,
    languages: customers,
    logger,
    clock,
  });
  app.use(reminders.router);
  const { planFollowUps, router: followUps } = followUpsFeature({
    config,
    texts: textsOfBusiness,
    events,
    settings,
    appointments,
    sentQuotes,
    languages: customers,
    publicUrl: publicUrl.get,
    logger,
    clock,
  });
  app.use(followUps);
  // Recurring service: plans make next season's jobs on a timer and ask customers to pick a slot.
  const servicePlans = servicePlansFeature({
    db,
    config,
    customers,
    appointments,
    texts: textsOfBusiness,
    publicUrl,
    events,
    logger,
    clock,
    timer: deps.planSeasonTimer,
  });
  app.use(servicePlans.router);
  // The crew's board: moves tell the customer through the same outbox.
  const schedule = scheduleFeature({
    db,
    config,
    appointments,
    events,
    texts: textsOfBusiness,
    languages: customers,
    publicUrl: publicUrl.get,
    clock,
  });
  app.use(schedule.router);
  // Invoices: a job marked done on the board is invoiced, texted and e-mailed through the same
  // outbox; payments in the ledger move it to paid, send receipts and re-plan its reminders.
  const invoicing = invoicesFeature({
    db,
    config,
    payments,
    texts: textsOfBusiness,
    events,
    publicUrl: publicUrl.get,
    languages: customers,
    clock,
    report: (error) => report(error, { method: 'invoices', path: '-' }),
  });
  app.use(invoicing.router);
  // The account page's "Pay" with a tip: the customer's own invoice, through the invoices' rule.
  app.use(account.payRoutes(invoicing.invoices));
  // The crew day's route and the rain day: bulk moves that ask the booking rules and text each
  // customer through the one sender and the outbox.
  app.use(
    scheduleToolsFeature({
      db,
      config,
      appointments,
      rules: appointmentRules(appointments, config.timeZone, clock ?? Date.now),
      crews: schedule.crews,
      texting,
      texts: textsOfBusiness,
      events,
      languages: customers,
      publicUrl: publicUrl.get,
      clock,
    }).router,
  );
  // The texts feature mounted the texts' webhooks: the assistant's status may count texts.
  channels.receives('text', Object.values(TEXT_WEBHOOKS));
  const phone = phoneFeature({
    config,
    db,
    calls,
    settings,
    assistant,
    channels,
    publicUrl,
    texts: texting,
    logger,
    events,
    clock,
    webhooks: twilioHooks,
    languages: customers,
  });
  app.use(phone.router);

  const messenger = messengerFeature({
    config,
    db,
    settings,
    assistant,
    channels,
    events,
    clock,
    inbox,
    report: (error) => report(error, { method: 'POST', path: MESSENGER_WEBHOOK }),
  });
  app.use(messenger.router);
  // Backups on a timer; startServer starts it once the server listens and stops it on close.
  const {
    backups,
    router: backupsRouter,
    lifecycle: backupTimer,
  } = backupsFeature({
    db,
    config,
    users: auth.users,
    events,
    logger,
    clock,
    timer: deps.backupTimer,
  });
  app.use(backupsRouter);
  app.use(profileFeature({ db, config, backups, clock }).router);
  app.use(statsFeature({ db, config, clock }).router);
  const reports = reportsFeature({ db, config, clock });
  app.use(
    dashboardFeature({ db, appointments, reports: reports.reports, timeZone: config.timeZone, clock }).router,
  );
  app.use(reports.router);
  app.use(exportsFeature({ db, config }).router);
  // The Payments screen: the ledger's list, refunds (the owner only), disputes and their evidence.
  app.use(paymentsListFeature({ db, timeZone: config.timeZone, ledger: payments.ledger }).router);
  app.use(refundsFeature({ db, ledger: payments.ledger, stripe: payments.stripe, events, clock }).router);
  app.use(
    disputeEvidenceFeature({
      db,
      config,
      timeZone: config.timeZone,
      sentQuotes,
      photos,
      processing: photoProcessing,
      ledger: payments.ledger,
      timeline: (id, limit, offset) => customers.timeline(id, limit, offset),
      clock,
    }).router,
  );
  // Public forms tell the customers' records the language of the page they were sent from.
  const languageHeard = pageLanguageHeard(customers);
  const photoQuotes = photoQuotesFeature({
    db,
    config,
    photos,
    processing: photoProcessing,
    sentQuotes,
    channels,
    events,
    clock,
    languageHeard,
  });
  app.use(photoQuotes.router);
  app.use(photosRouter);
  // Deposits: the rule in Settings → Payments, what a quote asks up front, its "Pay" (issue 35).
  const jobs = jobRepository(db);
  const deposits = depositsFeature({
    config,
    settings,
    payments,
    quotes: sentQuotes,
    jobs,
    publicUrl: publicUrl.get,
    languages: customers,
    clock,
  });
  app.use(deposits.router);
  // The account page's "Pay the deposit": the customer's own quote, through the deposits' rule.
  app.use(account.depositRoutes(deposits.deposits));
  app.use(
    quoteSendingFeature({
      config,
      submissions: photoQuotes.submissions,
      sentQuotes,
      texts: texting,
      publicUrl: publicUrl.get,
      events,
      clock,
      afterSend: planFollowUps,
      leads,
      customers,
      jobs,
      deposits: deposits.deposits,
      languageOf: customers.languageOf,
    }).router,
  );
  app.use(serviceRequestsFeature({ db, config, photos, events, languageHeard }).router);
  app.use(callLogs);
  app.use(aiResponsesFeature({ db }).router);
  app.use(faqRouter);
  app.use(appointmentsRouter);
  app.use(calendarFeedFeature({ calendarFeeds, config, appointments }).router);
  app.use(settingsRouter);
  app.use(assistantRouter);
  app.use(newForMeFeature({ db, clock }).router);
  app.use(leadsRouter);
  app.use(customersRouter);
  app.use(eventStream);
  // Last of the API: every route registered above gets the session check as its first handler.
  guardApiRoutes(app, auth.access);
  app.use('/api', apiNotFound);
  app.use(pageRoutes(config));
  // Once every route is in: a request enters only the routers that hold something its path may match.
  skipRoutersOutOfReach(app);

  app.use(errorHandler((error, req) => report(error, { method: req.method, path: loggablePath(req.path) })));
  return {
    app,
    // Stopped in reverse: photo processing, replies after webhooks, a backup under way, the outbox's send, the
    // streamed calls' sockets, then the sessions sweeper; then the database closes.
    lifecycles: [
      auth.lifecycle,
      phone.lifecycle,
      outboxScheduler,
      textsOfBusiness.mediaLifecycle,
      backupTimer,
      servicePlans.lifecycle,
      messenger.lifecycle,
      photoLifecycle,
      payments.lifecycle,
      invoicing.lifecycle,
    ],
    outbox,
    // Shutdown and tests wait for replies still being written after the webhook answered.
    settled: () =>
      Promise.all([
        afterTwilioAnswers.settled(),
        messenger.settled(),
        texts.settled(),
        photoProcessing.settled(),
        payments.settled(),
        account.settled(),
        // Texted photos fetched just now are pending photos: processed after them.
      ]).then(() => photoProcessing.settled()),
  };
}
