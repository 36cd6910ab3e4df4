import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { PublicPage } from './public-page.ts';

// Real camera and phone photos kept in the repository, so a fresh clone anywhere can run the tests.
export const FIXTURE_PHOTOS = path.resolve(import.meta.dirname, '../../fixtures/photos');
export const fixturePhoto = (name: string) => path.join(FIXTURE_PHOTOS, name);

/** A visitor's details that pass the server's checks. */
export const JANE = { name: 'Jane Rivera', phone: '(707) 555-0142' };
/** The quote's price range as the server formats it ("$1,060 - $1,730"). */
export const PRICE_RANGE = /\$[\d,]+ - \$[\d,]+/;

export interface ContactDetails {
  name?: string;
  phone?: string;
  email?: string;
  address?: string;
  notes?: string;
}

const LABELS: Record<keyof ContactDetails, string> = {
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  address: 'Address',
  notes: 'Notes',
};

/** The instant quote tool, full page or embedded, as a visitor uses it. */
export class QuoteToolPage extends PublicPage {
  constructor(page: Page) {
    super(page);
  }

  openFullPage() {
    return this.openReady('/photo-quote-tool');
  }

  openEmbed() {
    return this.openReady('/embed/photo-quote');
  }

  get photoInput() {
    return this.page.getByLabel('Add photos');
  }

  /** File paths, or files made in the test. */
  addPhotos(files: string[] | { name: string; mimeType: string; buffer: Buffer }[]) {
    return this.photoInput.setInputFiles(files);
  }

  get selectedPhotos() {
    return this.page.getByRole('list', { name: 'Selected photos' }).getByRole('listitem');
  }

  removePhoto(fileName: string) {
    return this.page.getByRole('button', { name: `Remove ${fileName}` }).click();
  }

  get photoProblems() {
    return this.page.locator('#quote-photos-problems');
  }

  field(name: keyof ContactDetails) {
    // Optional fields are labelled "Email (optional)" and so on.
    return this.page.getByRole('textbox', { name: new RegExp(`^${LABELS[name]}\\b`) });
  }

  /** The message shown under a field, tied to it by aria-describedby. */
  fieldError(name: keyof ContactDetails) {
    return this.page.locator(`#quote-${name}-error`);
  }

  async fillContact(details: ContactDetails) {
    for (const [key, value] of Object.entries(details) as [keyof ContactDetails, string][]) {
      await this.field(key).fill(value);
    }
  }

  get submitButton() {
    return this.page.getByRole('button', { name: /Get My Quote|Analyzing Photos|Estimating/ });
  }

  submit() {
    return this.page.getByRole('button', { name: 'Get My Quote' }).click();
  }

  get progressBar() {
    return this.page.getByRole('progressbar');
  }

  get toast() {
    return this.page.getByRole('status', { name: 'Notifications' });
  }

  closeToast() {
    return this.toast.getByRole('button', { name: 'Close notification' }).click();
  }

  get result() {
    return this.page.getByRole('region', { name: 'Your Rough Quote' });
  }

  /** One fact of the result ("Surface type", "Estimated area", "Difficulty"). */
  resultFact(term: string) {
    return this.result.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');
  }

  get priceRange() {
    return this.result.locator('.quote-result__price-value');
  }

  anotherQuote() {
    return this.result.getByRole('button', { name: 'Get Another Quote' }).click();
  }
}

export interface MultipartPart {
  name: string;
  fileName?: string;
  contentType?: string;
  data: Buffer;
}

/** The parts of a multipart/form-data request, as the server receives them. */
export function multipartParts(request: Request): MultipartPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(request.headers()['content-type'] ?? '');
  const body = request.postDataBuffer();
  if (!boundary || !body) return [];
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    // Each part: CRLF, headers, CRLF CRLF, content, CRLF before the next delimiter.
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const disposition = /name="([^"]*)"(?:; filename="([^"]*)")?/.exec(headers);
    parts.push({
      name: disposition?.[1] ?? '',
      fileName: disposition?.[2],
      contentType: /content-type:\s*(\S+)/i.exec(headers)?.[1],
      data: part.subarray(headerEnd + 4),
    });
    start = next;
  }
  return parts;
}
