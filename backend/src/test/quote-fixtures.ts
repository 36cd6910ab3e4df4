import { expect } from 'vitest';
import { fixturePhoto, photoForm, type Client } from './test-server.ts';

/** The photo form with exactly these fields and one photo, as a customer posts it; the answer as it comes. */
export const postPhotoForm = (server: Client, fields: Record<string, string>) =>
  server.upload(
    '/api/photo-submissions',
    photoForm(fields, [{ path: fixturePhoto('pixel-gps-orientation1.jpg') }]),
  );

/** A photo-form submission as a customer sends it; returns its id. */
export async function submitPhotoForm(server: Client, fields: Record<string, string> = {}): Promise<number> {
  const res = await postPhotoForm(server, {
    firstName: 'Maya',
    lastName: 'Alder',
    phone: '(707) 555-0188',
    email: 'maya.alder@example.com',
    address: '12 Elk Ridge Rd, Redway, CA',
    serviceType: 'House Soft Wash',
    notes: 'Side gate code 4411',
    ...fields,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The token at the end of a quote's link. */
export const tokenOf = (link: string) => new URL(link).pathname.split('/').at(-1)!;
