import type { PhotoAnalysisResponse } from '@washdesk/contract';
import { refusedFields, sendMultipart } from '../photos/send-multipart.ts';
import type { UploadReporting } from '../photos/use-photo-upload.ts';

export type PhotoFormMode = 'manual' | 'analysis';

export type PhotoFormOutcome =
  | { kind: 'submitted' }
  | { kind: 'analyzed'; analysis: PhotoAnalysisResponse }
  | { kind: 'refused'; fields: Record<string, string> }
  | { kind: 'failed' }
  | { kind: 'aborted' };

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

// A shape check by hand instead of the contract's zod schema keeps zod out of the public bundle.
export function looksLikeAnalysis(value: unknown): value is PhotoAnalysisResponse {
  const v = value as Partial<PhotoAnalysisResponse> | null;
  const quote = v?.detailedQuote;
  return (
    !!quote &&
    isNumber(quote.totalSquareFootage) &&
    isNumber(quote.totalAmount) &&
    isNumber(quote.priceRange?.low) &&
    isNumber(quote.priceRange?.high) &&
    Array.isArray(quote.serviceBreakdown) &&
    typeof quote.validityPeriod === 'string' &&
    Array.isArray(v.analysisResults)
  );
}

const URLS: Record<PhotoFormMode, string> = {
  manual: '/api/photo-submissions',
  analysis: '/api/analyze-photos',
};

/** Sends the form for a manual review, or for an AI analysis with an instant quote. */
export async function submitPhotoForm(
  mode: PhotoFormMode,
  body: FormData,
  reporting: UploadReporting,
): Promise<PhotoFormOutcome> {
  const outcome = await sendMultipart({ url: URLS[mode], body, ...reporting });
  if (outcome.kind === 'aborted') return outcome;
  if (outcome.kind === 'unreachable') return { kind: 'failed' };
  const { status, body: answer } = outcome;
  if (status >= 200 && status < 300) {
    if (mode === 'manual') return { kind: 'submitted' };
    return looksLikeAnalysis(answer) ? { kind: 'analyzed', analysis: answer } : { kind: 'failed' };
  }
  const fields = status >= 400 && status < 500 ? refusedFields(answer) : null;
  return fields ? { kind: 'refused', fields } : { kind: 'failed' };
}
