import { Router } from 'express';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { AssistantChannels } from '../assistant/assistant-channels.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { PhotoRepository } from '../photos/photo.repository.ts';
import type { PhotoProcessing } from '../photos/photo-processing.ts';
import { analysisRepository } from '../quotes/analysis.repository.ts';
import { analyzerFromConfig } from '../quotes/analyzer-from-config.ts';
import { quoteRoutes } from '../quotes/quote.routes.ts';
import { quoteService } from '../quotes/quote.service.ts';
import type { SentQuoteRepository } from '../quote-sending/sent-quote.repository.ts';
import type { Clock } from '../time.ts';
import type { PageLanguageHeard } from '../customers/customer-languages.ts';
import { submissionRepository } from './submission.repository.ts';
import { submissionRoutes } from './submission.routes.ts';

/**
 * Photo submissions and their instant AI quotes (submissions/ stores them, quotes/ analyses the
 * photos and prices them). `submissions` is what quote sending reads.
 */
export function photoQuotesFeature(deps: {
  db: Db;
  config: Config;
  photos: PhotoRepository;
  /** The quote last sent for each submission, shown with it. */
  sentQuotes: Pick<SentQuoteRepository, 'latestFor'>;
  channels: AssistantChannels;
  events: EventBus;
  clock?: Clock;
  /** The page's language a form came from, remembered on the customer (issue 37). */
  languageHeard?: PageLanguageHeard;
  /** Earlier uploads' re-encoding waits while a customer waits on a quote or the photo form. */
  processing?: Pick<PhotoProcessing, 'customerWaiting'>;
}) {
  const { config, clock } = deps;
  const analyses = analysisRepository(deps.db);
  const submissions = submissionRepository(deps.db, deps.photos, analyses, deps.sentQuotes);
  const quotes = quoteService(config, analyses, analyzerFromConfig(config, clock), clock);
  const router = Router();
  router.use(submissionRoutes(config, submissions, deps.events, deps.languageHeard, deps.processing));
  router.use(
    quoteRoutes(config, submissions, quotes, deps.channels, deps.events, deps.languageHeard, deps.processing),
  );
  return { submissions, router };
}
