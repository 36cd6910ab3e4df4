import {
  LOW_CONFIDENCE,
  formatDollarRange,
  formatSquareFeet,
  priceFor,
  type AnalysisProvider,
  type DetailedQuote,
  type PhotoAnalysis,
  type PhotoQuote,
} from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { Clock } from '../time.ts';
import type { AnalysisRepository } from './analysis.repository.ts';
import { AnalysisFailure, type PhotoAnalyzer } from './analyzers/photo-analyzer.ts';
import { estimateFromAnswers, type CustomerAnswers } from './local-estimate.ts';
import { priceQuote, quotedServices } from './pricing.ts';

export const LOW_CONFIDENCE_NOTE =
  'We could not be fully sure from these photos, so treat this as a rough range; a free on-site estimate will confirm the price.';

export interface QuoteOutcome {
  provider: AnalysisProvider;
  analysis: PhotoAnalysis;
  quote: DetailedQuote;
  confidence: number;
  notes: string;
}

/** Area-weighted: a big surface the model is unsure of matters more than a small one. */
export const overallConfidence = (analysis: PhotoAnalysis) => {
  const area = analysis.surfaces.reduce((sum, s) => sum + s.squareFootage, 0);
  const weighted = analysis.surfaces.reduce((sum, s) => sum + s.confidence * s.squareFootage, 0);
  return area > 0 ? Math.round((weighted / area) * 100) / 100 : 0;
};

export function quoteService(
  config: Config,
  analyses: AnalysisRepository,
  analyzer: PhotoAnalyzer | null,
  now: Clock = Date.now,
) {
  return {
    /** The clock the quote budget runs on: routes read a request's start from it. */
    now,
    /** Whether a quote looks at the photos (an AI key is set): only then are model copies made. */
    readsPhotos: analyzer !== null,
    /**
     * Analyses a saved submission's photos and prices the result. Never throws for the model's
     * sake: any failure falls back to the local estimate, so the customer always gets a quote.
     */
    async quoteSubmission(
      /** `photos`: the model's copies (image.ts `modelPhoto`: upright, small, no metadata), made once. */
      submission: CustomerAnswers & { id: number; photos?: Buffer[] },
      startedAt = now(),
    ): Promise<QuoteOutcome> {
      // The model reads the photos, the service and the notes; the home's size is for the local estimate.
      const context = { serviceType: submission.serviceType, notes: submission.notes };
      let analysis: PhotoAnalysis | undefined;
      let provider: AnalysisProvider = 'local-estimate';
      let fallbackReason: string | null = analyzer ? null : 'no AI key configured';
      if (analyzer) {
        try {
          const photos = submission.photos ?? [];
          // The customer's wait is bounded: the model gets what is left of the budget after saving.
          analysis = await analyzer.analyze({ photos, ...context }, startedAt + config.quoteBudgetMs);
          provider = analyzer.provider;
        } catch (error) {
          fallbackReason =
            error instanceof AnalysisFailure
              ? `${error.reason}: ${error.message}`
              : 'unexpected analysis error';
        }
      }
      // Services the customer picked are the only ones priced, whatever the photos show.
      const picked = submission.services?.length ? new Set(submission.services) : null;
      if (analysis && picked) {
        const surfaces = analysis.surfaces.filter((s) => picked.has(s.surfaceType));
        analysis = surfaces.length
          ? {
              ...analysis,
              surfaces,
              recommendedServices: analysis.recommendedServices.filter((r) =>
                surfaces.some((s) => priceFor(s.surfaceType).label === r),
              ),
            }
          : undefined;
      }
      analysis ??= estimateFromAnswers({
        ...context,
        stories: submission.stories,
        squareFeet: submission.squareFeet,
        services: submission.services,
      });
      const quote = priceQuote(analysis.surfaces);
      const confidence = overallConfidence(analysis);
      const notes = [
        analysis.notes,
        confidence < LOW_CONFIDENCE && provider !== 'local-estimate' ? LOW_CONFIDENCE_NOTE : '',
      ]
        .filter(Boolean)
        .join(' ');
      analyses.save({
        submissionId: submission.id,
        provider,
        model: provider === 'openai' ? analyzer!.model : null,
        analysis,
        confidence,
        priceLow: quote.priceRange.low,
        priceHigh: quote.priceRange.high,
        suggestedTotal: quote.totalAmount,
        durationMs: now() - startedAt,
        fallbackReason,
      });
      return { provider, analysis, quote, confidence, notes };
    },
  };
}
export type QuoteService = ReturnType<typeof quoteService>;

const DIFFICULTY_ORDER = ['easy', 'moderate', 'difficult'] as const;
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The quote tool's answer (spec section 3), in words a customer reads. */
export function toPhotoQuote(outcome: QuoteOutcome): PhotoQuote {
  const surfaces = outcome.analysis.surfaces;
  const hardest = surfaces.reduce((max, s) => Math.max(max, DIFFICULTY_ORDER.indexOf(s.difficulty)), 0);
  const labels = quotedServices(outcome.analysis);
  return {
    surfaceType: labels.join(', '),
    estimatedArea: formatSquareFeet(outcome.quote.totalSquareFootage),
    difficulty: capitalize(DIFFICULTY_ORDER[hardest]!),
    priceRange: formatDollarRange(outcome.quote.priceRange),
    serviceRecommendations: outcome.analysis.recommendedServices.length
      ? outcome.analysis.recommendedServices
      : labels,
    notes: outcome.notes || undefined,
  };
}
