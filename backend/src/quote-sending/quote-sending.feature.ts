import type { Config } from '../config.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { BusinessTexts } from '../texts/business-texts.ts';
import { publicProfile } from '../profile/public-profile.ts';
import type { Clock } from '../time.ts';
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
  });
  return { router: quoteSendingRoutes(deps.config, service) };
}
