import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { SentQuoteRepository } from '../quote-sending/sent-quote.repository.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { TextsFeature } from '../texts/texts.feature.ts';
import type { Clock } from '../time.ts';
import { ENGLISH_ONLY, type CustomerLanguages } from '../customers/customer-languages.ts';
import { afterTheJob } from './after-the-job.ts';
import { quoteFollowUps } from './quote-follow-ups.ts';

/**
 * Follow-ups (issue 25): a sent quote's follow-up messages and the after-the-job messages, through
 * the texts feature's outbox. Quote sending plans a quote's follow-ups through `planFollowUps`.
 */
export function followUpsFeature(deps: {
  config: Config;
  /** The texts feature: its outbox and its texts. */
  texts: Pick<TextsFeature, 'outbox' | 'texts'>;
  events: EventBus;
  settings: SettingsRepository;
  appointments: AppointmentRepository;
  /** Quote sending's record, which quote follow-ups follow. */
  sentQuotes: Pick<SentQuoteRepository, 'forFollowUp'>;
  /** The customers' languages (app.ts passes the customer records; alone, everyone reads English). */
  languages?: CustomerLanguages;
  /** Our public address: quote follow-ups link the customer's own page there. */
  publicUrl: () => string;
  logger: Logger;
  clock?: Clock;
}) {
  const { config, events, settings, appointments, clock } = deps;
  const languages = deps.languages ?? ENGLISH_ONLY;
  const { outbox, texts } = deps.texts;
  afterTheJob({
    appointments,
    config,
    outbox,
    texts,
    events,
    settings,
    languages,
    clock,
    report: (error) => deps.logger.error({ err: error }, 'after-the-job messages not queued'),
  });
  const followUps = quoteFollowUps({
    sentQuotes: deps.sentQuotes,
    config,
    outbox,
    texts,
    settings,
    languages,
    publicUrl: deps.publicUrl,
    clock,
  });
  return { router: followUps.router, planFollowUps: followUps.plan };
}
