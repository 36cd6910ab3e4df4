import { MAX_PHOTO_BYTES, MAX_QUOTE_PHOTOS } from './quote-texts.ts';

// Browsers often give HEIC/HEIF photos (iPhones) no MIME type at all, so the name decides.
const IMAGE_NAME = /\.(heic|heif|jpe?g|png|webp|gif|avif|tiff?|bmp)$/i;

export const isImageFile = (file: File) =>
  file.type ? file.type.startsWith('image/') : IMAGE_NAME.test(file.name);

export interface PhotoSelection {
  accepted: File[];
  /** One message per refused file, naming it. */
  refusals: string[];
}

/**
 * Which of the files a visitor just picked join the `alreadySelected` photos. Non-images and
 * photos over 10 MB are refused with a reason; past the `max`th photo (5 in the quote tool) the rest are dropped silently
 * (spec: "maximum 5 photos, extra ones silently dropped").
 */
export function selectPhotos(
  files: Iterable<File>,
  alreadySelected: number,
  max: number = MAX_QUOTE_PHOTOS,
): PhotoSelection {
  const accepted: File[] = [];
  const refusals: string[] = [];
  for (const file of files) {
    if (!isImageFile(file)) refusals.push(`“${file.name}” is not a photo. Please choose an image file.`);
    else if (file.size > MAX_PHOTO_BYTES) refusals.push(`“${file.name}” is larger than 10 MB.`);
    else if (alreadySelected + accepted.length < max) accepted.push(file);
  }
  return { accepted, refusals };
}
