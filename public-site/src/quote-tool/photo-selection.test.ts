import { describe, expect, it } from 'vitest';
import { isImageFile, selectPhotos } from './photo-selection.ts';

const MB = 1024 * 1024;
const photo = (name: string, type = 'image/jpeg', bytes = 1000) =>
  new File([new Uint8Array(bytes)], name, { type });

describe('choosing photos for a quote', () => {
  it('knows a photo by its type, or by its name when the browser gives none (iPhone HEIC)', () => {
    expect(isImageFile(photo('house.jpg'))).toBe(true);
    expect(isImageFile(photo('IMG_0042.HEIC', ''))).toBe(true);
    expect(isImageFile(photo('notes.txt', 'text/plain'))).toBe(false);
    expect(isImageFile(photo('notes.txt', ''))).toBe(false);
  });

  it('refuses non-photos and photos over 10 MB by name, and keeps the rest', () => {
    const ok = photo('front.jpg');
    const { accepted, refusals } = selectPhotos(
      [photo('quote.pdf', 'application/pdf'), ok, photo('huge.jpg', 'image/jpeg', 10 * MB + 1)],
      0,
    );
    expect(accepted).toEqual([ok]);
    expect(refusals).toEqual([
      '“quote.pdf” is not a photo. Please choose an image file.',
      '“huge.jpg” is larger than 10 MB.',
    ]);
  });

  it('takes a photo of exactly 10 MB', () => {
    expect(selectPhotos([photo('edge.jpg', 'image/jpeg', 10 * MB)], 0).accepted).toHaveLength(1);
  });

  it('drops photos past the fifth silently, counting those already chosen', () => {
    const six = Array.from({ length: 6 }, (_, i) => photo(`p${i}.jpg`));
    expect(selectPhotos(six, 0)).toEqual({ accepted: six.slice(0, 5), refusals: [] });
    expect(selectPhotos(six, 3).accepted).toEqual(six.slice(0, 2));
    expect(selectPhotos(six, 5)).toEqual({ accepted: [], refusals: [] });
    expect(selectPhotos(six, 0, 20).accepted).toHaveLength(6);
  });
});
