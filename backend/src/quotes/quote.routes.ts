import { Router, type Request } from 'express';
import {
  MAX_PHOTOS_PER_SUBMISSION,
  MAX_QUOTE_PHOTOS,
  PHOTOS_REQUIRED,
  PHOTOS_REQUIRED_MESSAGE,
  photoSubmissionCreateSchema,
  quoteCustomerInfoSchema,
  type PhotoAnalysisResponse,
  type PhotoQuoteResponse,
  type PhotoSubmission,
} from '@washdesk/contract';
import type { AssistantChannels } from '../assistant/assistant-channels.ts';
import type { EventBus } from '../events/event-bus.ts';
import { submissionCreated } from '../events/announcements.ts';
import type { Config } from '../config.ts';
import { parseWith, validationError } from '../http/errors.ts';
import { receivePhotos, savingPhotos, uploadedFiles, type StoredPhoto } from '../photos/photo.storage.ts';
import type { SubmissionRepository } from '../submissions/submission.repository.ts';
import type { PageLanguageHeard } from '../customers/customer-languages.ts';
import { customerWaits, type PhotoProcessing } from '../photos/photo-processing.ts';
import { modelCopies } from './model-copies.ts';
import { quotedServices } from './pricing.ts';
import { toPhotoQuote, type QuoteService } from './quote.service.ts';

const forQuote = (s: PhotoSubmission, photos: Buffer[] | undefined) => ({
  id: s.id,
  serviceType: s.serviceType,
  notes: s.notes,
  stories: s.stories,
  squareFeet: s.squareFeet,
  photos,
});

/** "Jane van der Berg" → first "Jane", last "van der Berg". */
const splitName = (name: string) => {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { firstName: first!, lastName: rest.join(' ') || null };
};

/**
 * The AI quotes. Both save the submission and its photos FIRST, so staff see every lead even when
 * the analysis is slow or fails; then analyse, price and answer. Only what the answer needs runs
 * before it (issue 38): the photos are stripped and re-encoded after it (photos/photo-processing.ts);
 * with an AI key the model's small, stripped copies are made once, from the upload, each as soon as
 * its file is received (model-copies.ts), and awaited before saving (the processor may move the
 * upload on as soon as it is saved).
 */
export function quoteRoutes(
  config: Config,
  submissions: SubmissionRepository,
  quotes: QuoteService,
  channels: AssistantChannels,
  events: EventBus,
  languageHeard?: PageLanguageHeard,
  processing?: Pick<PhotoProcessing, 'customerWaiting'>,
) {
  const router = Router();
  const copies = modelCopies(quotes.readsPhotos);
  /**
   * The photos kept and `save`d while the model's copies are still being made; nothing is saved
   * unless every copy was made.
   */
  async function savedWithCopies<T>(
    req: Request,
    files: Express.Multer.File[],
    save: (stored: StoredPhoto[]) => T,
  ) {
    const copying = copies.of(req, files);
    const saved = await savingPhotos(config, files, save, copying);
    return { saved, forModel: await copying };
  }
  channels.receives('web', ['/api/analyze-photos', '/api/photo-quote']);

  router.post(
    '/api/analyze-photos',
    customerWaits(processing),
    receivePhotos(config, {
      fieldPattern: /^photos(\[\])?$/,
      maxFiles: MAX_PHOTOS_PER_SUBMISSION,
      onFileReceived: copies.onFileReceived,
    }),
    async (req, res) => {
      const startedAt = quotes.now();
      const fields = parseWith(photoSubmissionCreateSchema, req.body ?? {});
      const files = uploadedFiles(req);
      if (files.length === 0) throw validationError({ photos: PHOTOS_REQUIRED_MESSAGE });
      const { saved: submission, forModel } = await savedWithCopies(req, files, (stored) =>
        submissions.create(fields, 'ai-analysis', stored),
      );
      languageHeard?.(req, fields);
      const outcome = await quotes.quoteSubmission(forQuote(submission, forModel), startedAt);
      // Announced with its quote stored, so the screen that reloads shows both.
      events.publish(submissionCreated(submission));
      const body: PhotoAnalysisResponse = {
        submissionId: submission.id,
        detailedQuote: outcome.quote,
        analysisResults: outcome.analysis.surfaces.map((s) => ({
          surfaceType: s.surfaceType,
          squareFootage: s.squareFootage,
          confidence: s.confidence,
        })),
        provider: outcome.provider,
        notes: outcome.notes,
      };
      res.json(body);
    },
  );

  router.post(
    '/api/photo-quote',
    customerWaits(processing),
    receivePhotos(config, {
      fieldPattern: /^photo\d$/,
      maxFiles: MAX_QUOTE_PHOTOS,
      onFileReceived: copies.onFileReceived,
    }),
    async (req, res) => {
      const startedAt = quotes.now();
      let info: unknown;
      try {
        info = JSON.parse(String(req.body?.customerInfo ?? '{}'));
      } catch {
        throw validationError({ customerInfo: 'customerInfo must be JSON' });
      }
      const customer = parseWith(quoteCustomerInfoSchema, info);
      const files = uploadedFiles(req);
      if (files.length === 0) throw validationError({ photos: PHOTOS_REQUIRED.message });
      const { saved: submission, forModel } = await savedWithCopies(req, files, (stored) =>
        submissions.create(
          {
            ...splitName(customer.name),
            phone: customer.phone,
            email: customer.email,
            address: customer.address,
            // Known once the quote is made (below).
            serviceType: null,
            notes: customer.notes,
            textConsent: customer.textConsent,
          },
          'quote-tool',
          stored,
        ),
      );
      languageHeard?.(req, customer);
      const outcome = await quotes.quoteSubmission(
        { ...forQuote(submission, forModel), services: customer.services },
        startedAt,
      );
      // Staff see the service the customer was quoted for, not "General Cleaning".
      submissions.recordServiceType(submission.id, quotedServices(outcome.analysis).join(', '));
      events.publish(submissionCreated(submission));
      const body: PhotoQuoteResponse = {
        submissionId: submission.id,
        quote: toPhotoQuote(outcome),
        provider: outcome.provider,
      };
      res.json(body);
    },
  );

  return router;
}
