import { t } from '../i18n/i18n.ts';
import { shrinkPhoto } from '../quote-tool/shrink-photo.ts';

/** Shrinks every photo; the messages name those still too large after shrinking. */
export async function preparePhotos(files: readonly File[]) {
  const ready: File[] = [];
  const refusals: string[] = [];
  // One at a time: a phone decoding several 12-megapixel photos at once can run out of memory.
  for (const file of files) {
    const shrunk = await shrinkPhoto(file);
    if (shrunk.ok) ready.push(shrunk.file);
    else refusals.push(t('common.photos.stillTooLarge', { name: file.name }));
  }
  return { ready, refusals };
}
