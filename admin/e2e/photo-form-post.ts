import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

/** A real phone photo from the repository's fixtures. */
export const FIXTURE_PHOTO = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/photos/pixel-gps-orientation1.jpg'),
);

/** A customer sends the public photo form with these fields and one photo; the server's answer. */
export function postPhotoForm(request: APIRequestContext, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('photos', new Blob([FIXTURE_PHOTO], { type: 'image/jpeg' }), 'photo.jpg');
  return request.post('/api/photo-submissions', { multipart: form });
}
