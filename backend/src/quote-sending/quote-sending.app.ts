import type { Config } from '../config.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { TwilioApi } from '../phone/twilio-client.ts';
import { publicProfile } from '../profile/public-profile.ts';
import type { Clock } from '../time.ts';
import { quoteDeliveryFromConfig } from './quote-delivery.ts';
import { quoteSendingRoutes } from './quote-sending.routes.ts';
import { quoteSendingService, type QuoteSendingDeps } from './quote-sending.service.ts';

/**
 * Quotes sent to customers, wired from what the app already has (one line in app.ts). `repos` is
 * the app's repositories, typed by the two this feature uses, so it need not import app.ts back.
 */
export function quoteSendingApp(deps: {
  config: Config;
  repos: { submissions: QuoteSendingDeps['submissions']; sentQuotes: QuoteSendingDeps['quotes'] };
  twilio: TwilioApi | null;
  publicUrl: () => string;
  events: EventBus;
  clock?: Clock;
  afterSend?: QuoteSendingDeps['afterSend'];
}) {
  const service = quoteSendingService({
    submissions: deps.repos.submissions,
    quotes: deps.repos.sentQuotes,
    delivery: quoteDeliveryFromConfig(deps.config, deps.twilio),
    profile: () => publicProfile(deps.config),
    publicUrl: deps.publicUrl,
    events: deps.events,
    clock: deps.clock,
    afterSend: deps.afterSend,
  });
  return quoteSendingRoutes(deps.config, service);
}
