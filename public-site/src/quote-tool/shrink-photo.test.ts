import { describe, expect, it } from 'vitest';
import { fitWithin, shrinkPhoto } from './shrink-photo.ts';

describe('shrinking a photo before upload', () => {
  it('fits the long edge within the limit, keeping the shape', () => {
    expect(fitWithin(4032, 3024, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3024, 4032, 2000)).toEqual({ width: 1500, height: 2000 });
    expect(fitWithin(8000, 3, 2000)).toEqual({ width: 2000, height: 1 });
  });

  it('never enlarges a small photo', () => {
    expect(fitWithin(640, 480, 2000)).toEqual({ width: 640, height: 480 });
  });

  // Node has no image decoder, like a browser that cannot read HEIC: the photo goes as it is.
  it('passes on a photo it cannot decode, for the server to convert', async () => {
    const heic = new File([new Uint8Array(5000)], 'IMG_0042.heic', { type: 'image/heic' });
    expect(await shrinkPhoto(heic)).toEqual({ ok: true, file: heic, resized: false });
  });

  it('refuses a photo still over the limit, since the server would refuse it too', async () => {
    const big = new File([new Uint8Array(2001)], 'big.heic', { type: 'image/heic' });
    expect(await shrinkPhoto(big, { maxBytes: 2000 })).toEqual({
      ok: false,
      reason: 'too-large',
      bytes: 2001,
    });
  });
});
