import type { Config } from '../config.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { TwilioApi } from '../phone/twilio-client.ts';
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
  twilio: TwilioApi | null;
  publicUrl: () => string;
  events: EventBus;
  clock?: Clock;
  afterSend?: QuoteSendingDeps['afterSend'];
}) {
  const service = quoteSendingService({
    submissions: deps.submissions,
    quotes: deps.sentQuotes,
    delivery: quoteDeliveryFromConfig(deps.config, deps.twilio),
    profile: () => publicProfile(deps.config),
    publicUrl: deps.publicUrl,
    events: deps.events,
    clock: deps.clock,
    afterSend: deps.afterSend,
  });
  return { router: quoteSendingRoutes(deps.config, service) };
}
