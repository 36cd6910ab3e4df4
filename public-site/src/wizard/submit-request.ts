import { sendMultipart, refusedFields } from '../photos/send-multipart.ts';
import type { UploadReporting } from '../photos/use-photo-upload.ts';

export type RequestOutcome =
  | { kind: 'stored' }
  /** The server named the answers it refused, by field. */
  | { kind: 'refused'; fields: Record<string, string> }
  | { kind: 'failed' }
  | { kind: 'aborted' };

/** `POST /api/service-requests`: the wizard's request, photos included, as one multipart body. */
export async function submitRequest(body: FormData, reporting: UploadReporting): Promise<RequestOutcome> {
  const outcome = await sendMultipart({ url: '/api/service-requests', body, ...reporting });
  if (outcome.kind === 'aborted') return outcome;
  if (outcome.kind === 'unreachable') return { kind: 'failed' };
  if (outcome.status >= 200 && outcome.status < 300) return { kind: 'stored' };
  const fields = outcome.status >= 400 && outcome.status < 500 ? refusedFields(outcome.body) : null;
  return fields ? { kind: 'refused', fields } : { kind: 'failed' };
}
