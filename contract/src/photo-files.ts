// What a customer's photo upload may be, without zod: the server refuses by these rules, and the
// public pages check the same ones in the browser when a photo is picked, so a text file named
// "porch.jpg" is pointed out at once instead of after an upload that cannot succeed.

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The quote tool takes this many photos (spec section 5). */
export const MAX_QUOTE_PHOTOS = 5;

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'heic' | 'avif';

/** How many leading bytes `sniffImage` reads. */
export const IMAGE_HEAD_BYTES = 16;

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** What a file's first bytes say it is, whatever its name or declared type. */
export function sniffImage(head: Uint8Array): ImageKind | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (AVIF_BRANDS.has(brand)) return 'avif';
    if (HEIC_BRANDS.has(brand)) return 'heic';
  }
  return null;
}

/** The customer reads this for a file that is not a photo we can read, in the page or from the server. */
export const notAPhotoMessage = (fileName: string) =>
  `“${fileName}” is not a photo we can read. Please choose a JPEG, PNG, WebP or HEIC image.`;

/** For photos picked past the quote tool's limit, naming them. */
export const tooManyPhotosMessage = (fileNames: readonly string[], max: number) =>
  `${fileNames.map((name) => `“${name}”`).join(', ')} ${fileNames.length === 1 ? 'was' : 'were'} not added: ` +
  `at most ${max} photos can be sent.`;

// The quote tool's spec texts (section 5), free of zod so its page can import them.
export const CONTACT_REQUIRED = {
  title: 'Contact Info Required',
  message: 'Please provide your name and phone number.',
};
export const PHOTOS_REQUIRED = {
  title: 'Photos Required',
  message: 'Please upload at least one photo to get a quote.',
};
