import fs from 'node:fs';
import path from 'node:path';
import { pngBomb } from '../test/png-bomb.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePhoto, photoForm, startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const customer = {
  firstName: 'Ethan',
  lastName: 'Holm',
  phone: '(707) 555-0123',
  serviceType: 'Roof Cleaning',
};
const small = () => fs.readFileSync(fixturePhoto('pixel-gps-orientation1.jpg'));

async function expectRefused(form: FormData | (() => Promise<Response>), status: number) {
  const res =
    typeof form === 'function' ? await form() : await server.anonymous.upload('/api/photo-submissions', form);
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body.error.message.length).toBeGreaterThan(5);
  await server.settled();
  expect(server.storedFiles()).toEqual([]);
  expect(server.count('photo_submissions')).toBe(0);
  expect(server.count('photos')).toBe(0);
  return body;
}

describe('hostile uploads get a clear 4xx and leave nothing behind', () => {
  it('a malformed multipart body', async () => {
    await expectRefused(
      () =>
        fetch(`${server.url}/api/photo-submissions`, {
          method: 'POST',
          headers: { 'Content-Type': 'multipart/form-data; boundary=----x' },
          body: '------x\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nEthan\r\n------x\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0garbage-without-end',
        }),
      400,
    );
  });

  it('too many parts, and too many photos', async () => {
    const fields = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`f${i}`, 'x']));
    await expectRefused(photoForm({ ...customer, ...fields }, [{ bytes: small(), name: 'a.jpg' }]), 413);
    const photos = Array.from({ length: 21 }, (_, i) => ({ bytes: small(), name: `p${i}.jpg` }));
    const body = await expectRefused(photoForm(customer, photos), 413);
    expect(body.error.fields.photos).toBe('Too many photos');
  });

  it('a huge field value', async () => {
    const body = await expectRefused(
      photoForm({ ...customer, notes: 'x'.repeat(200_000) }, [{ bytes: small(), name: 'a.jpg' }]),
      413,
    );
    expect(body.error.fields.notes).toBe('This value is too long');
  });

  it('a decompression bomb: a tiny PNG that claims 100,000 x 100,000 pixels', async () => {
    const bomb = pngBomb(100_000, 100_000);
    expect(bomb.length).toBeLessThan(2_000);
    const body = await expectRefused(
      photoForm(customer, [{ bytes: bomb, name: 'bomb.png', type: 'image/png' }]),
      413,
    );
    expect(body.error.message).toContain('too many pixels');
  });

  it('a file that only pretends to be an image by its name and type', async () => {
    const html = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>');
    await expectRefused(photoForm(customer, [{ bytes: html, name: 'photo.jpg', type: 'image/jpeg' }]), 415);
  });
});

describe('hostile uploads that are also real images are neutralised', () => {
  it('a polyglot (a JPEG with a script and a zip appended) is re-encoded without its payload', async () => {
    const payload = Buffer.from('<script>alert(1)</script>PK\u0003\u0004evil.sh');
    const res = await server.anonymous.upload(
      '/api/photo-submissions',
      photoForm(customer, [{ bytes: Buffer.concat([small(), payload]), name: 'poly.jpg' }]),
    );
    expect(res.status).toBe(201);
    const { photos } = await res.json();
    const stored = Buffer.from(await (await server.get(photos[0].url)).arrayBuffer());
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.includes(Buffer.from('PK\u0003\u0004'))).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('jpeg');
  });

  it('path-traversal file names never choose where a file lands', async () => {
    const names = ['../../../../tmp/evil.jpg', '..\\..\\evil.jpg', '/etc/passwd', 'a/../../b.jpg'];
    const before = new Set(server.storedFiles());
    const res = await server.anonymous.upload(
      '/api/photo-submissions',
      photoForm(
        customer,
        names.map((name) => ({ bytes: small(), name })),
      ),
    );
    expect(res.status).toBe(201);
    await server.settled();
    const files = server
      .storedFiles()
      .filter((f) => !before.has(f))
      .map((f) => path.relative(server.dataDir, f));
    expect(files).toHaveLength(8);
    for (const f of files) expect(f).toMatch(/^photos\/[0-9a-f-]{36}(\.thumb)?\.jpg$/);
    expect(fs.existsSync('/tmp/evil.jpg')).toBe(false);
    expect(fs.existsSync(path.join(server.dataDir, '..', 'evil.jpg'))).toBe(false);
  });
});
