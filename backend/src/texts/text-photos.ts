import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_PHOTO_BYTES } from '@washdesk/contract';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { keepUploadedPhotos, removeStoredPhotos, type StoredPhoto } from '../photos/photo.storage.ts';
import type { IncomingMedia } from './incoming-text.ts';

// Photos a customer texts (MMS). Twilio's webhook names each attachment (MediaUrlN, its type in
// MediaContentTypeN); after the webhook has answered (texted-media.ts), the backend fetches it with
// the account's credentials, from the account's own address only, and keeps it like an uploaded
// photo: checked from its header, kept as it arrived and stripped by the photo processor (no
// metadata, a thumbnail) before it is ever served. Anything else (not an image, larger than an
// upload may be, or not handed over) is not kept, and counted so the thread can say so.

export type { IncomingMedia } from './incoming-text.ts';

/** Twilio hands over at most ten attachments per message. */
export const MAX_MEDIA = 10;
/** How long an attachment may take to arrive from Twilio (after the answer: nobody is kept waiting). */
const MEDIA_TIMEOUT_MS = 30_000;

/**
 * The one shape of address an attachment of this message may be fetched from: this account's
 * media of this message on Twilio's API (TWILIO_API_BASE_URL). Any other address is not fetched,
 * so the credentials only ever go to Twilio.
 */
export function isMediaOfMessage(twilio: Config['providers']['twilio'], messageSid: string, url: string) {
  const base = `${twilio.apiBaseUrl}/2010-04-01/Accounts/${twilio.accountSid ?? ''}/Messages/${messageSid}/Media/`;
  return url.startsWith(base) && /^ME[0-9a-fA-F]{32}$/.test(url.slice(base.length));
}

/** Reads a response body up to `limit` bytes; null when it is larger. */
async function bodyUpTo(response: Response, limit: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limit) {
    await response.body?.cancel();
    return null;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) {
      await response.body?.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

export function textPhotos(config: Config, logger?: Logger) {
  const twilio = config.providers.twilio;
  const credentials = Buffer.from(`${twilio.accountSid ?? ''}:${twilio.authToken ?? ''}`).toString('base64');

  /** One attachment to a file in `folder`, or the reason it is not kept. */
  async function download(messageSid: string, media: IncomingMedia, folder: string) {
    if (!media.contentType.toLowerCase().startsWith('image/')) return 'not an image';
    if (!isMediaOfMessage(twilio, messageSid, media.url)) return 'not this message’s media on Twilio';
    try {
      const response = await fetch(media.url, {
        headers: { Authorization: `Basic ${credentials}` },
        signal: AbortSignal.timeout(MEDIA_TIMEOUT_MS),
        // Twilio may redirect to its media store; fetch drops the Authorization header when a
        // redirect leaves the origin.
        redirect: 'follow',
      });
      if (!response.ok || !response.body) return `Twilio answered ${response.status}`;
      const bytes = await bodyUpTo(response, MAX_PHOTO_BYTES);
      if (!bytes) return 'larger than a photo may be';
      const file = path.join(folder, randomUUID());
      fs.writeFileSync(file, bytes);
      return { path: file };
    } catch (error) {
      return `not fetched (${(error as Error).name})`;
    }
  }

  return {
    /**
     * Fetches and keeps every image attachment of a text; those not kept are counted. The files
     * are in photos-incoming/ on return (pending): the caller writes their rows, or removes them
     * with `discard`.
     */
    async fetch(
      messageSid: string,
      media: IncomingMedia[],
    ): Promise<{ stored: StoredPhoto[]; refused: number }> {
      if (media.length === 0) return { stored: [], refused: 0 };
      const folder = path.join(config.uploadTempDir, randomUUID());
      fs.mkdirSync(folder, { recursive: true });
      try {
        const stored: StoredPhoto[] = [];
        let refused = 0;
        // Fetched together: the photos show up after the slowest one, not after their sum.
        const downloads = await Promise.all(media.map((item) => download(messageSid, item, folder)));
        for (const [i, got] of downloads.entries()) {
          if (typeof got === 'string') {
            refused += 1;
            logger?.warn({ messageSid, media: i, why: got }, 'a texted attachment was not kept');
            continue;
          }
          try {
            // The same pipeline as uploads: sniffed here, re-encoded without metadata by the processor.
            stored.push(
              ...(await keepUploadedPhotos(config, [
                { path: got.path, originalname: `attachment ${i + 1}` } as Express.Multer.File,
              ])),
            );
          } catch (error) {
            refused += 1;
            logger?.warn({ messageSid, media: i, err: error }, 'a texted attachment is not a photo');
          }
        }
        return { stored, refused };
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
    discard: (stored: StoredPhoto[]) => removeStoredPhotos(config, stored),
  };
}
export type TextPhotos = ReturnType<typeof textPhotos>;
