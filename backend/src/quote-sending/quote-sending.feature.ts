import type { Config } from '../config.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { BusinessTexts } from '../texts/business-texts.ts';
import { publicProfile } from '../profile/public-profile.ts';
import type { Clock } from '../time.ts';
import { leadQuotesRoutes } from './lead-quotes.routes.ts';
import { leadQuotesService, type LeadQuotesDeps } from './lead-quotes.service.ts';
import { quoteDeliveryFromConfig } from './quote-delivery.ts';
import { quoteSendingRoutes } from './quote-sending.routes.ts';
import { quoteSendingService, type QuoteSendingDeps } from './quote-sending.service.ts';

/** Quotes sent to customers: the two repositories it uses are passed, nothing else of the app. */
export function quoteSendingFeature(deps: {
  config: Config;
  submissions: QuoteSendingDeps['submissions'];
  sentQuotes: QuoteSendingDeps['quotes'];
  /** The business's one text sender (null when Twilio is not configured). */
  texts: BusinessTexts | null;
  publicUrl: () => string;
  events: EventBus;
  clock?: Clock;
  afterSend?: QuoteSendingDeps['afterSend'];
  /** Quotes for any lead or customer's record, and the jobs "Book the job" makes (issue 33). */
  leads: LeadQuotesDeps['leads'];
  customers: LeadQuotesDeps['customers'];
  jobs: LeadQuotesDeps['jobs'];
  /** What a quote asks up front (deposits/deposits.feature.ts). */
  deposits: QuoteSendingDeps['deposits'];
  /** The customer's language, from the customer records (issue 37). */
  languageOf?: QuoteSendingDeps['languageOf'];
}) {
  const service = quoteSendingService({
    submissions: deps.submissions,
    quotes: deps.sentQuotes,
    delivery: quoteDeliveryFromConfig(deps.config, deps.texts),
    profile: () => publicProfile(deps.config),
    publicUrl: deps.publicUrl,
    events: deps.events,
    clock: deps.clock,
    afterSend: deps.afterSend,
    deposits: deps.deposits,
    languageOf: deps.languageOf,
  });
  const leadQuotes = leadQuotesService({
    sending: service,
    quotes: deps.sentQuotes,
    leads: deps.leads,
    customers: deps.customers,
    jobs: deps.jobs,
    profile: () => publicProfile(deps.config),
    timeZone: deps.config.timeZone,
  });
  const router = quoteSendingRoutes(deps.config, service);
  router.use(leadQuotesRoutes(leadQuotes, service));
  return { router };
}
