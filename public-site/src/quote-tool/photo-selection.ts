import { IMAGE_HEAD_BYTES, MAX_PHOTO_BYTES, MAX_QUOTE_PHOTOS, sniffImage } from '@washdesk/contract';
import { t } from '../i18n/i18n.ts';

export interface PhotoCheck {
  /** The files that are photos the server can read, in the order picked. */
  photos: File[];
  /** One message per refused file, naming it. */
  refusals: string[];
}

/** Whether the file's first bytes are an image the server reads (its name and type say nothing). */
async function isReadablePhoto(file: File) {
  try {
    return sniffImage(new Uint8Array(await file.slice(0, IMAGE_HEAD_BYTES).arrayBuffer())) !== null;
  } catch {
    // A file the browser cannot read (moved or deleted since it was picked) cannot be sent either.
    return false;
  }
}

/**
 * Which picked files can go up: photos over 10 MB, and files whose bytes are not a photo (a text
 * file named "porch.jpg"), are refused with the server's own reason.
 */
export async function checkPhotoFiles(files: Iterable<File>): Promise<PhotoCheck> {
  const photos: File[] = [];
  const refusals: string[] = [];
  for (const file of files) {
    if (file.size > MAX_PHOTO_BYTES) refusals.push(t('common.photos.tooLarge', { name: file.name }));
    // The server's own words in English (the contract's notAPhotoMessage), in the page's language.
    else if (!(await isReadablePhoto(file))) refusals.push(t('common.photos.notAPhoto', { name: file.name }));
    else photos.push(file);
  }
  return { photos, refusals };
}

/**
 * The photos that fit beside the `alreadySelected` ones (at most `max`: 5 in the quote tool); the
 * rest are named in a message rather than dropped without a word.
 */
export function limitPhotos(
  photos: readonly File[],
  alreadySelected: number,
  max: number = MAX_QUOTE_PHOTOS,
) {
  const room = Math.max(0, max - alreadySelected);
  const left = photos.slice(room);
  return {
    accepted: photos.slice(0, room),
    // The contract's tooManyPhotosMessage, in the page's language.
    refusal: left.length
      ? t(left.length === 1 ? 'common.photos.tooManyOne' : 'common.photos.tooManyOther', {
          names: left.map((file) => `“${file.name}”`).join(', '),
          max,
        })
      : null,
  };
}
