import type { PhotoQuoteResponse, QuoteCustomerInfo } from '@washdesk/contract';
import { refusedFields, sendMultipart } from '../photos/send-multipart.ts';
import type { UploadReporting } from '../photos/use-photo-upload.ts';

/** What became of one upload, in the terms the form acts on. */
export type QuoteUploadOutcome =
  | { kind: 'quoted'; response: PhotoQuoteResponse }
  /** The server named the inputs it refused (400, or 413/415 for photos). */
  | { kind: 'refused'; fields: Record<string, string> }
  /** `message` is the server's own text where a visitor may read it (429: when to try again). */
  | { kind: 'failed'; status: number; message?: string }
  | { kind: 'aborted' };

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

// A shape check by hand instead of the contract's zod schema keeps zod out of the public bundle.
export function looksLikeQuoteResponse(value: unknown): value is PhotoQuoteResponse {
  if (typeof value !== 'object' || value === null) return false;
  const quote = (value as { quote?: unknown }).quote;
  if (typeof quote !== 'object' || quote === null) return false;
  const q = quote as Record<string, unknown>;
  return (
    ['surfaceType', 'estimatedArea', 'difficulty', 'priceRange'].every((key) => typeof q[key] === 'string') &&
    isStringArray(q.serviceRecommendations) &&
    (q.notes === undefined || q.notes === null || typeof q.notes === 'string')
  );
}

interface ErrorBody {
  error?: { message?: unknown };
}

/** What an answer of the server means for the form (exported for its tests). */
export function outcomeOf(status: number, body: unknown): QuoteUploadOutcome {
  if (status >= 200 && status < 300) {
    return looksLikeQuoteResponse(body) ? { kind: 'quoted', response: body } : { kind: 'failed', status };
  }
  const fields = refusedFields(body);
  if (status >= 400 && status < 500 && status !== 429 && fields) return { kind: 'refused', fields };
  // Only the rate limit's text is shown: it tells the visitor when to try again.
  const message = (body as ErrorBody | null)?.error?.message;
  return {
    kind: 'failed',
    status,
    message: status === 429 && typeof message === 'string' ? message : undefined,
  };
}

export interface QuoteUpload extends UploadReporting {
  photos: readonly File[];
  customerInfo: QuoteCustomerInfo;
}

/** `POST /api/photo-quote` (multipart: customerInfo as JSON text, files photo0..photoN). */
export async function uploadQuote({
  photos,
  customerInfo,
  ...reporting
}: QuoteUpload): Promise<QuoteUploadOutcome> {
  const body = new FormData();
  // The contact details first, so a server that reads the stream in order sees them before the photos.
  body.append('customerInfo', JSON.stringify(customerInfo));
  photos.forEach((photo, index) => body.append(`photo${index}`, photo, photo.name));
  const outcome = await sendMultipart({ url: '/api/photo-quote', body, ...reporting });
  if (outcome.kind === 'aborted') return outcome;
  if (outcome.kind === 'unreachable') return { kind: 'failed', status: 0 };
  return outcomeOf(outcome.status, outcome.body);
}
