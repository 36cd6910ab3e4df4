import fs from 'node:fs/promises';
import decodeHeic from 'heic-decode';
import sharp from 'sharp';
import {
  ERROR_CODES,
  IMAGE_HEAD_BYTES,
  notAPhotoMessage,
  sniffImage,
  type ImageKind,
} from '@washdesk/contract';
import { HttpError } from '../http/errors.ts';

export type { ImageKind } from '@washdesk/contract';

/** Sharp refuses anything bigger: a 50 MP cap stops decompression bombs yet fits any phone photo. */
export const MAX_PIXELS = 50_000_000;
/** Stored photos are re-encoded no larger than this on the long edge. */
const STORED_LONG_EDGE = 2560;
const THUMBNAIL_LONG_EDGE = 480;

export interface ProcessedPhoto {
  width: number;
  height: number;
  bytes: number;
  originalType: ImageKind;
}

const notAnImage = (name: string) =>
  new HttpError(
    415,
    ERROR_CODES.notAnImage,
    notAPhotoMessage(name),
    // The field's message names the file too: the pages show it under their photo picker.
    { photos: notAPhotoMessage(name) },
  );

const tooManyPixels = (name: string) =>
  new HttpError(413, ERROR_CODES.tooLarge, `"${name}" has too many pixels (at most 50 megapixels).`, {
    photos: 'Photo dimensions are too large',
  });

async function openHeic(buffer: Buffer, name: string) {
  let images;
  try {
    images = await decodeHeic.all({ buffer });
  } catch {
    throw notAnImage(name);
  }
  try {
    const first = images[0];
    if (!first) throw notAnImage(name);
    // Check the declared size before decoding: decoding allocates width*height*4 bytes.
    if (first.width * first.height > MAX_PIXELS) throw tooManyPixels(name);
    const { width, height, data } = await first.decode();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      raw: { width, height, channels: 4 },
    });
  } finally {
    images.dispose();
  }
}

/**
 * Re-encodes an uploaded photo as a JPEG, turned upright by its EXIF orientation and with all
 * metadata (GPS, camera, owner) dropped, plus a thumbnail. Re-encoding also neutralises files
 * that are an image and something else at once.
 */
export async function processPhoto(
  sourcePath: string,
  originalName: string,
  targetPath: string,
  thumbnailPath: string,
): Promise<ProcessedPhoto> {
  const buffer = await fs.readFile(sourcePath);
  const kind = sniffImage(buffer.subarray(0, IMAGE_HEAD_BYTES));
  if (!kind) throw notAnImage(originalName);
  try {
    const image =
      kind === 'heic'
        ? await openHeic(buffer, originalName)
        : sharp(buffer, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const info = await image
      .rotate()
      .resize({ width: STORED_LONG_EDGE, height: STORED_LONG_EDGE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 84 })
      .toFile(targetPath);
    await sharp(targetPath)
      .resize({
        width: THUMBNAIL_LONG_EDGE,
        height: THUMBNAIL_LONG_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 72 })
      .toFile(thumbnailPath);
    return { width: info.width, height: info.height, bytes: info.size, originalType: kind };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels(originalName);
    throw notAnImage(originalName);
  }
}
