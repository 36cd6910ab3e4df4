import { beforeAll, describe, expect, it } from 'vitest';
import { notAPhotoMessage, tooManyPhotosMessage } from '@washdesk/contract';
import { messages } from '../i18n/compiled/site.en.ts';
import { activateLanguage } from '../i18n/i18n.ts';
import { checkPhotoFiles, limitPhotos } from './photo-selection.ts';

// On an English page (the Spanish: scripts/public-site-server-words.test.ts and the browser test).
beforeAll(() => activateLanguage('en', messages));

const MB = 1024 * 1024;
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];
const file = (name: string, head: number[] | string, type = 'image/jpeg', bytes = 1000) => {
  const data = new Uint8Array(bytes);
  data.set(typeof head === 'string' ? new TextEncoder().encode(head) : head);
  return new File([data], name, { type });
};
const photo = (name: string, bytes = 1000) => file(name, JPEG_HEAD, 'image/jpeg', bytes);

describe('choosing photos for a quote', () => {
  it('knows a photo by its bytes, whatever its name or type says', async () => {
    const heic = file('IMG_0042.HEIC', [0, 0, 0, 0x18, ...new TextEncoder().encode('ftypheic')], '');
    const png = file('deck', [0x89, ...new TextEncoder().encode('PNG\r\n\x1a\n')], '');
    const fakeJpeg = file('porch.jpg', 'This is a text file, not a photo.');
    const { photos, refusals } = await checkPhotoFiles([heic, png, fakeJpeg]);
    expect(photos).toEqual([heic, png]);
    expect(refusals).toEqual([
      '“porch.jpg” is not a photo we can read. Please choose a JPEG, PNG, WebP or HEIC image.',
    ]);
    expect(refusals).toEqual([notAPhotoMessage('porch.jpg')]);
  });

  it('refuses non-photos and photos over 10 MB by name, and keeps the rest', async () => {
    const ok = photo('front.jpg');
    const { photos, refusals } = await checkPhotoFiles([
      file('quote.pdf', '%PDF-1.7', 'application/pdf'),
      ok,
      photo('huge.jpg', 10 * MB + 1),
    ]);
    expect(photos).toEqual([ok]);
    expect(refusals).toEqual([
      '“quote.pdf” is not a photo we can read. Please choose a JPEG, PNG, WebP or HEIC image.',
      '“huge.jpg” is larger than 10 MB.',
    ]);
  });

  it('takes a photo of exactly 10 MB', async () => {
    expect((await checkPhotoFiles([photo('edge.jpg', 10 * MB)])).photos).toHaveLength(1);
  });

  it('names the photos past the fifth instead of dropping them silently, counting those already chosen', () => {
    const six = Array.from({ length: 6 }, (_, i) => photo(`p${i}.jpg`));
    expect(limitPhotos(six, 0)).toEqual({
      accepted: six.slice(0, 5),
      refusal: '“p5.jpg” was not added: at most 5 photos can be sent.',
    });
    expect(limitPhotos(six, 3)).toEqual({
      accepted: six.slice(0, 2),
      refusal: '“p2.jpg”, “p3.jpg”, “p4.jpg”, “p5.jpg” were not added: at most 5 photos can be sent.',
    });
    expect(limitPhotos(six, 5).accepted).toEqual([]);
    // The server's words for the same refusals (the contract's), so both say the same.
    expect(limitPhotos(six, 3).refusal).toBe(
      tooManyPhotosMessage(['p2.jpg', 'p3.jpg', 'p4.jpg', 'p5.jpg'], 5),
    );
    expect(limitPhotos(six, 0).refusal).toBe(tooManyPhotosMessage(['p5.jpg'], 5));
    expect(limitPhotos(six, 0, 20)).toEqual({ accepted: six, refusal: null });
  });
});
