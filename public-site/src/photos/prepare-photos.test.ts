import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../i18n/compiled/site.en.ts';
import { activateLanguage } from '../i18n/i18n.ts';
import { preparePhotos } from './prepare-photos.ts';

beforeAll(() => activateLanguage('en', messages));

const MB = 1024 * 1024;

describe('preparing photos for an upload', () => {
  it('keeps the photos in order and names each one still too large', async () => {
    const small = new File([new Uint8Array(1000)], 'porch.heic', { type: 'image/heic' });
    const huge = new File([new Uint8Array(10 * MB + 1)], 'roof.heic', { type: 'image/heic' });
    const also = new File([new Uint8Array(2000)], 'deck.heic', { type: 'image/heic' });

    expect(await preparePhotos([small, huge, also])).toEqual({
      ready: [small, also],
      refusals: ['“roof.heic” is still larger than 10 MB after shrinking. Please choose a smaller photo.'],
    });
  });

  it('has nothing to refuse when nothing was chosen', async () => {
    expect(await preparePhotos([])).toEqual({ ready: [], refusals: [] });
  });
});
