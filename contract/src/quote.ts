import { z } from 'zod';
import { optionalEmail, optionalText, phoneNumber, textConsentField } from './common.ts';
import { CONTACT_MESSAGES } from './contact-rules.ts';
import { CONTACT_REQUIRED } from './photo-files.ts';
import { PRICED_SURFACES } from './prices.ts';

// Photo quotes: what the AI (or the local estimator) may say about the photos, and what the
// customer is shown. The pricing engine turns surfaces into money; the model never does sums.

export const DIFFICULTIES = ['easy', 'moderate', 'difficult'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Square feet a single surface may plausibly have; anything outside is treated as a bad answer. */
export const SURFACE_AREA_LIMITS = { min: 20, max: 20_000 } as const;

export const analyzedSurfaceSchema = z.object({
  surfaceType: z.enum(PRICED_SURFACES),
  squareFootage: z.number().min(SURFACE_AREA_LIMITS.min).max(SURFACE_AREA_LIMITS.max),
  difficulty: z.enum(DIFFICULTIES),
  /** 0 to 1: how sure the analysis is about this surface. */
  confidence: z.number().min(0).max(1),
  notes: z.string().max(500),
});
export type AnalyzedSurface = z.infer<typeof analyzedSurfaceSchema>;

/** The structured answer of a photo analysis (the model's JSON schema is derived from this). */
export const photoAnalysisSchema = z.object({
  surfaces: z.array(analyzedSurfaceSchema).min(1).max(8),
  recommendedServices: z.array(z.string().max(120)).max(8),
  notes: z.string().max(1000),
});
export type PhotoAnalysis = z.infer<typeof photoAnalysisSchema>;

export const ANALYSIS_PROVIDERS = ['openai', 'local-estimate'] as const;
export type AnalysisProvider = (typeof ANALYSIS_PROVIDERS)[number];

/** Below this overall confidence the quote says so and recommends the free on-site estimate. */
export const LOW_CONFIDENCE = 0.6;

export const detailedQuoteSchema = z.object({
  totalSquareFootage: z.number(),
  totalAmount: z.number(),
  serviceBreakdown: z.array(
    z.object({ service: z.string(), squareFootage: z.number(), subtotal: z.number() }),
  ),
  /** Positive amounts are surcharges ("+"), negative ones discounts. */
  adjustments: z.array(z.object({ reason: z.string(), amount: z.number() })),
  validityPeriod: z.string(),
  rateLabel: z.string(),
  priceRange: z.object({ low: z.number(), high: z.number() }),
});
export type DetailedQuote = z.infer<typeof detailedQuoteSchema>;

export const analysisResultSchema = z.object({
  surfaceType: z.string(),
  squareFootage: z.number(),
  confidence: z.number(),
});

/** `POST /api/analyze-photos`: the photo form's "AI analysis". */
export const photoAnalysisResponseSchema = z.object({
  submissionId: z.number().int(),
  detailedQuote: detailedQuoteSchema,
  analysisResults: z.array(analysisResultSchema),
  provider: z.enum(ANALYSIS_PROVIDERS),
  notes: z.string(),
});
export type PhotoAnalysisResponse = z.infer<typeof photoAnalysisResponseSchema>;

/** `POST /api/photo-quote`: the quote tool's answer. */
export const photoQuoteSchema = z.object({
  surfaceType: z.string(),
  estimatedArea: z.string(),
  difficulty: z.string(),
  priceRange: z.string(),
  serviceRecommendations: z.array(z.string()),
  notes: z.string().optional(),
});
export type PhotoQuote = z.infer<typeof photoQuoteSchema>;
export const photoQuoteResponseSchema = z.object({
  submissionId: z.number().int(),
  quote: photoQuoteSchema,
  provider: z.enum(ANALYSIS_PROVIDERS),
});
export type PhotoQuoteResponse = z.infer<typeof photoQuoteResponseSchema>;

/** The quote tool's `customerInfo` (sent as JSON text in the multipart body). */
export const quoteCustomerInfoSchema = z.object({
  name: z
    .string({ error: CONTACT_REQUIRED.message })
    .trim()
    .min(1, CONTACT_REQUIRED.message)
    .max(160, 'Must be at most 160 characters'),
  // Blank: the spec's "Please provide your name and phone number."; not a number: say that.
  phone: phoneNumber(CONTACT_MESSAGES.phone, CONTACT_REQUIRED.message),
  email: optionalEmail,
  address: optionalText(300),
  notes: optionalText(2000),
  /** The services picked on the tool: only these are priced (none picked: what the notes name). */
  services: z.array(z.enum(PRICED_SURFACES)).max(PRICED_SURFACES.length).optional(),

  textConsent: textConsentField,
});
export type QuoteCustomerInfo = z.input<typeof quoteCustomerInfoSchema>;

/** What staff see of the stored analysis on a submission. */
export const submissionAnalysisSchema = z.object({
  provider: z.enum(ANALYSIS_PROVIDERS),
  model: z.string().nullable(),
  surfaces: z.array(analyzedSurfaceSchema),
  confidence: z.number(),
  priceLow: z.number(),
  priceHigh: z.number(),
  suggestedTotal: z.number(),
  durationMs: z.number().int(),
  /** Why the model's answer was not used, when the local estimate stood in. */
  fallbackReason: z.string().nullable(),
  createdAt: z.string(),
});
export type SubmissionAnalysis = z.infer<typeof submissionAnalysisSchema>;
