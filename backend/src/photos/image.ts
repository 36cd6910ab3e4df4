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

// Every photo is read once and never again by the same pipeline: a cache of decoded images and
// open files would only grow with the number of uploads (memory stays flat under a burst).
sharp.cache(false);

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

/** The first bytes of a file: enough to tell what kind of image it claims to be. */
async function headOf(sourcePath: string): Promise<{ head: Buffer; bytes: number }> {
  const handle = await fs.open(sourcePath, 'r');
  try {
    const head = Buffer.alloc(IMAGE_HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, IMAGE_HEAD_BYTES, 0);
    return { head: head.subarray(0, bytesRead), bytes: (await handle.stat()).size };
  } finally {
    await handle.close();
  }
}

/**
 * Opens any accepted photo for sharp. Sharp reads a file itself (no copy of it in memory, and
 * JPEGs shrink while they decode); HEIC goes through its own decoder, which needs the bytes.
 */
async function openPhoto(sourcePath: string, name: string, options: { ignoreIcc?: boolean } = {}) {
  const { head } = await headOf(sourcePath);
  const kind = sniffImage(head);
  if (!kind) throw notAnImage(name);
  const image =
    kind === 'heic'
      ? await openHeic(await fs.readFile(sourcePath), name)
      : sharp(sourcePath, { limitInputPixels: MAX_PIXELS, failOn: 'error', ignoreIcc: options.ignoreIcc });
  return { kind, image };
}

/** The disk failed us, not the photo: never a reason to call an upload unreadable and drop it. */
const OUR_FAULT = /write|no space|ENOSPC|EACCES|EROFS|EIO|EMFILE/i;

const asUploadError = (error: unknown, name: string) => {
  if (error instanceof HttpError) return error;
  if (error instanceof Error && OUR_FAULT.test(`${error.message} ${(error as { code?: string }).code ?? ''}`))
    return error;
  if (error instanceof Error && /pixel limit/i.test(error.message)) return tooManyPixels(name);
  return notAnImage(name);
};

/** Orientations 5 to 8 are stored sideways: upright, width and height swap. */
const turnsSideways = (orientation: number | undefined) => (orientation ?? 1) >= 5;

/**
 * What can be known of an upload from its first bytes and its header, without decoding pixels
 * (a few milliseconds): that it is a photo, not too many pixels, and the size it will be stored
 * at. Refuses with the same answers as `processPhoto`; the pixels are read after the answer.
 */
export async function inspectPhoto(sourcePath: string, originalName: string): Promise<ProcessedPhoto> {
  const { head, bytes } = await headOf(sourcePath);
  const kind = sniffImage(head);
  if (!kind) throw notAnImage(originalName);
  // HEIC headers are not sharp's to read: its size is known once it is decoded, after the answer.
  if (kind === 'heic') return { width: 0, height: 0, bytes, originalType: kind };
  let meta;
  try {
    meta = await sharp(sourcePath, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch (error) {
    throw asUploadError(error, originalName);
  }
  if (!meta.width || !meta.height) throw notAnImage(originalName);
  if (meta.width * meta.height > MAX_PIXELS) throw tooManyPixels(originalName);
  const [w, h] = turnsSideways(meta.orientation) ? [meta.height, meta.width] : [meta.width, meta.height];
  const scale = Math.min(1, STORED_LONG_EDGE / Math.max(w, h));
  return { width: Math.round(w * scale), height: Math.round(h * scale), bytes, originalType: kind };
}

/**
 * The model's copy of a photo: upright, at most 512 px, and without any metadata (no GPS). The
 * analyzer asks for OpenAI's "low" detail, for which the model is given a 512 × 512 version of the
 * image whatever it is sent: a larger copy would cost decoding, encoding and upload time for
 * nothing it sees.
 */
export const MODEL_LONG_EDGE = 512;
/**
 * At most this many model copies decode at once, whatever the number of customers uploading:
 * each holds a decoded image, so a burst of uploads queues here instead of growing memory. Two
 * keep both cores busy (sharp decodes each image on one thread here), and leave free threads in
 * Node's pool of four for the file system, where the rest of the upload is still being written.
 */
const MODEL_COPIES_AT_ONCE = 2;
let decoding = 0;
const waiting: (() => void)[] = [];
async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= MODEL_COPIES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else decoding += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line (or is freed).
    const next = waiting.shift();
    if (next) next();
    else decoding -= 1;
  }
}

export function modelPhoto(sourcePath: string, originalName: string): Promise<Buffer> {
  return oneOfFew(() => makeModelPhoto(sourcePath, originalName));
}

/**
 * Made once per photo, from the upload on disk. A JPEG shrinks while it decodes (sharp's
 * shrink-on-load: a 12 MP photo is decoded straight at a quarter of its size), so the cost is
 * mostly reading the file, never the full-size image. Re-encoded from pixels, the copy carries no
 * EXIF, GPS or XMP.
 */
async function makeModelPhoto(sourcePath: string, originalName: string): Promise<Buffer> {
  try {
    // Its colours are read as sRGB whatever profile the camera embedded: converting a wide-gamut
    // photo (a Pixel's or a Canon's) cost more than a third of its copy, and the model measures
    // surfaces, not shades. The stored photo keeps its colours (processPhoto converts).
    const { image } = await openPhoto(sourcePath, originalName, { ignoreIcc: true });
    return await image
      .rotate()
      .resize({
        width: MODEL_LONG_EDGE,
        height: MODEL_LONG_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
        fastShrinkOnLoad: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch (error) {
    throw asUploadError(error, originalName);
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
  try {
    const { kind, image } = await openPhoto(sourcePath, originalName);
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
    throw asUploadError(error, originalName);
  }
}
