import type { PhotoQuoteResponse, QuoteCustomerInfo } from '@washdesk/contract';

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
  error?: { message?: unknown; fields?: unknown };
}

function outcomeOf(status: number, body: unknown): QuoteUploadOutcome {
  if (status >= 200 && status < 300) {
    return looksLikeQuoteResponse(body) ? { kind: 'quoted', response: body } : { kind: 'failed', status };
  }
  const error = (body as ErrorBody | null)?.error;
  const fields = error?.fields;
  if (status >= 400 && status < 500 && status !== 429 && typeof fields === 'object' && fields !== null) {
    const named = Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    if (named.length) return { kind: 'refused', fields: Object.fromEntries(named) };
  }
  // Only the rate limit's text is shown: it tells the visitor when to try again.
  const message = status === 429 && typeof error?.message === 'string' ? error.message : undefined;
  return { kind: 'failed', status, message };
}

export interface QuoteUpload {
  photos: readonly File[];
  customerInfo: QuoteCustomerInfo;
  /** 0–100 while the bytes go up. */
  onProgress?: (percent: number) => void;
  /** Called once the last byte is sent; the server then analyses the photos. */
  onUploaded?: () => void;
  signal?: AbortSignal;
}

/**
 * `POST /api/photo-quote` (multipart: customerInfo as JSON text, files photo0..photoN). An
 * XMLHttpRequest rather than fetch, because only it reports upload progress in every browser.
 */
export function uploadQuote({
  photos,
  customerInfo,
  onProgress,
  onUploaded,
  signal,
}: QuoteUpload): Promise<QuoteUploadOutcome> {
  const body = new FormData();
  // The contact details first, so a server that reads the stream in order sees them before the photos.
  body.append('customerInfo', JSON.stringify(customerInfo));
  photos.forEach((photo, index) => body.append(`photo${index}`, photo, photo.name));

  return new Promise((resolve) => {
    if (signal?.aborted) return resolve({ kind: 'aborted' });
    const request = new XMLHttpRequest();
    request.open('POST', '/api/photo-quote');
    request.withCredentials = true;
    request.responseType = 'json';
    request.setRequestHeader('Accept', 'application/json');
    // Chromium may report the end of the upload after the answer has arrived; by then it is old news.
    let answered = false;
    const settle = (outcome: QuoteUploadOutcome) => {
      answered = true;
      resolve(outcome);
    };
    request.upload.onprogress = (event) => {
      if (answered || !event.lengthComputable || event.total <= 0) return;
      onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.upload.onload = () => {
      if (answered) return;
      onProgress?.(100);
      onUploaded?.();
    };
    request.onload = () => settle(outcomeOf(request.status, request.response));
    request.onerror = () => settle({ kind: 'failed', status: 0 });
    request.ontimeout = () => settle({ kind: 'failed', status: 0 });
    request.onabort = () => settle({ kind: 'aborted' });
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
