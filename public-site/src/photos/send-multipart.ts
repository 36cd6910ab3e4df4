import { DEFAULT_LANGUAGE } from '@washdesk/contract';
import { pageLanguage } from '../i18n/i18n.ts';

/** What became of one multipart upload, before any page reads meaning into the answer. */
export type MultipartOutcome =
  | { kind: 'answered'; status: number; body: unknown }
  /** No answer at all: offline, connection dropped, or timed out. */
  | { kind: 'unreachable' }
  | { kind: 'aborted' };

export interface MultipartUpload {
  url: string;
  body: FormData;
  /** 0–100 while the bytes go up. */
  onProgress?: (percent: number) => void;
  /** Called once the last byte is sent; the server then works on the photos. */
  onUploaded?: () => void;
  signal?: AbortSignal;
}

/**
 * POSTs a multipart body. An XMLHttpRequest rather than fetch, because only it reports upload
 * progress in every browser. The content type is left to the browser (it adds the boundary).
 */
export function sendMultipart({ url, body, onProgress, onUploaded, signal }: MultipartUpload) {
  return new Promise<MultipartOutcome>((resolve) => {
    if (signal?.aborted) return resolve({ kind: 'aborted' });
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.responseType = 'json';
    request.setRequestHeader('Accept', 'application/json');
    // A form sent from a Spanish page says so, and the server remembers the customer's language
    // (docs/spanish.md); an English page says nothing, so it never undoes a choice made elsewhere.
    const language = pageLanguage();
    if (language !== DEFAULT_LANGUAGE) request.setRequestHeader('Content-Language', language);
    // Chromium may report the end of the upload after the answer has arrived; by then it is old news.
    let answered = false;
    const settle = (outcome: MultipartOutcome) => {
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
    request.onload = () =>
      settle({ kind: 'answered', status: request.status, body: request.response as unknown });
    request.onerror = () => settle({ kind: 'unreachable' });
    request.ontimeout = () => settle({ kind: 'unreachable' });
    request.onabort = () => settle({ kind: 'aborted' });
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

/** The field messages of a `{ error: { fields } }` answer, or null when it names none. */
export function refusedFields(body: unknown): Record<string, string> | null {
  const fields = (body as { error?: { fields?: unknown } } | null)?.error?.fields;
  if (typeof fields !== 'object' || fields === null) return null;
  const named = Object.entries(fields).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return named.length ? Object.fromEntries(named) : null;
}
