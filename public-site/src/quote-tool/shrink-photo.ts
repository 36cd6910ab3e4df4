import { MAX_PHOTO_BYTES } from './quote-texts.ts';

// Phones take 12–50 megapixel photos; the quote needs far less. Shrinking in the browser makes
// the upload a few hundred kilobytes instead of many megabytes on a mobile connection, and the
// re-encode leaves the camera's EXIF (GPS position included) on the visitor's device.

/** The long edge of an uploaded photo, in pixels (ARCHITECTURE: "long edge ~2000 px"). */
export const MAX_PHOTO_EDGE = 2000;
export const PHOTO_JPEG_QUALITY = 0.85;

export type ShrunkPhoto =
  /** `resized` is false when the browser could not decode the photo (HEIC in most browsers). */
  { ok: true; file: File; resized: boolean } | { ok: false; reason: 'too-large'; bytes: number };

export interface ShrinkOptions {
  maxEdge?: number;
  quality?: number;
  maxBytes?: number;
}

/** The size a `width`×`height` image gets when its long edge may be at most `maxEdge`. */
export function fitWithin(width: number, height: number, maxEdge: number) {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

const jpegName = (name: string) => `${name.replace(/\.[^./\\]+$/, '') || 'photo'}.jpg`;

async function decode(file: Blob): Promise<ImageBitmap | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    // 'from-image' turns the pixels upright by the EXIF orientation before the EXIF is dropped.
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
}

async function encodeJpeg(bitmap: ImageBitmap, width: number, height: number, quality: number) {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    drawOnWhite(context, bitmap, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  drawOnWhite(context, bitmap, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  // Free the canvas's memory at once: a phone may hold several of these in a row.
  canvas.width = canvas.height = 0;
  return blob;
}

function drawOnWhite(
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  bitmap: ImageBitmap,
  width: number,
  height: number,
) {
  // JPEG has no transparency; a transparent PNG would otherwise turn black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}

/**
 * A photo ready to upload: upright, long edge at most `maxEdge` px, JPEG. A photo the browser
 * cannot decode is passed on unchanged (the server converts it); one still over `maxBytes` is
 * refused, since the server would refuse it too.
 */
export async function shrinkPhoto(file: File, options: ShrinkOptions = {}): Promise<ShrunkPhoto> {
  const { maxEdge = MAX_PHOTO_EDGE, quality = PHOTO_JPEG_QUALITY, maxBytes = MAX_PHOTO_BYTES } = options;
  const bitmap = await decode(file);
  let result: ShrunkPhoto = { ok: true, file, resized: false };
  if (bitmap) {
    try {
      const size = fitWithin(bitmap.width, bitmap.height, maxEdge);
      const blob = await encodeJpeg(bitmap, size.width, size.height, quality);
      if (blob) {
        result = {
          ok: true,
          file: new File([blob], jpegName(file.name), {
            type: 'image/jpeg',
            lastModified: file.lastModified,
          }),
          resized: true,
        };
      }
    } catch {
      // The canvas can run out of memory on an old phone; the server can still shrink the original.
    } finally {
      bitmap.close();
    }
  }
  if (result.file.size > maxBytes) return { ok: false, reason: 'too-large', bytes: result.file.size };
  return result;
}
