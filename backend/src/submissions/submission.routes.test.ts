import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER, photoSubmissionSchema } from '@washdesk/contract';
import { fixturePhoto, photoForm, startTestServer, type TestServer } from '../test/test-server.ts';

const customer = {
  firstName: 'Maya',
  lastName: 'Alder',
  phone: '(707) 555-0142',
  email: 'Maya@Example.com',
  address: '120 Redwood Dr, Garberville, CA',
  serviceType: 'House Soft Wash',
  notes: 'Green streaks on the north wall',
};

let server: TestServer;
let created: ReturnType<typeof photoSubmissionSchema.parse>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const expectNothingStored = async (rowsBefore: number) => {
  await server.settled();
  expect(server.count('photo_submissions')).toBe(rowsBefore);
  expect(server.count('photos')).toBe(0);
  expect(server.storedFiles()).toEqual([]);
};

describe('POST /api/photo-submissions (the photo form)', () => {
  it('rejects a submission without the required fields, naming each one, and stores nothing', async () => {
    const res = await server.upload(
      '/api/photo-submissions',
      photoForm({ email: 'maya@example.com' }, [{ path: fixturePhoto('pixel-gps-orientation1.jpg') }]),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phone: 'Valid phone number required',
      serviceType: 'Service type is required',
    });
    await expectNothingStored(0);
  });

  it('rejects a malformed e-mail and a missing photo', async () => {
    const badEmail = await server.upload(
      '/api/photo-submissions',
      photoForm({ ...customer, email: 'maya@' }, [{ path: fixturePhoto('pixel-gps-orientation1.jpg') }]),
    );
    expect(badEmail.status).toBe(400);
    expect((await badEmail.json()).error.fields.email).toBe('Enter a valid e-mail address');
    const noPhoto = await server.upload('/api/photo-submissions', photoForm(customer));
    expect(noPhoto.status).toBe(400);
    expect((await noPhoto.json()).error.fields.photos).toBe('Please add at least one photo');
    await expectNothingStored(0);
  });

  it('refuses a file that is not an image whatever its name, with 415 and no file left', async () => {
    const res = await server.upload(
      '/api/photo-submissions',
      photoForm(customer, [
        { path: fixturePhoto('pixel-gps-orientation1.jpg') },
        {
          bytes: new TextEncoder().encode('#!/bin/sh\necho not a photo\n'),
          name: 'house.jpg',
          type: 'image/jpeg',
        },
      ]),
    );
    expect(res.status).toBe(415);
    const body = await res.json();
    expect(body.error.message).toContain('house.jpg');
    await expectNothingStored(0);
  });

  it('refuses a photo over 10 MB with 413 and no file left', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await server.upload(
      '/api/photo-submissions',
      photoForm(customer, [{ bytes: big, name: 'huge.jpg' }]),
    );
    expect(res.status).toBe(413);
    expect((await res.json()).error.fields.photos).toBe('Each photo must be 10 MB or smaller');
    await expectNothingStored(0);
  });

  it('refuses a truncated multipart body with 400 and no file left', async () => {
    const res = await fetch(`${server.url}/api/photo-submissions`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff',
    });
    expect(res.status).toBe(400);
    await expectNothingStored(0);
  });

  it('stores the submission with upright, metadata-free photos and thumbnails', async () => {
    const res = await server.upload(
      '/api/photo-submissions',
      photoForm(customer, [
        { path: fixturePhoto('samsung-j327-orientation6.jpg') },
        { path: fixturePhoto('iphone5-gps-orientation3.jpg') },
      ]),
    );
    expect(res.status).toBe(201);
    created = photoSubmissionSchema.parse(await res.json());
    expect(created).toMatchObject({
      customerName: 'Maya Alder',
      email: 'maya@example.com',
      serviceType: 'House Soft Wash',
      status: 'pending',
      estimateAmount: null,
      source: 'photo-form',
    });
    expect(created.photos).toHaveLength(2);
    // Orientation 6 is stored 2576x1932 and displays portrait: upright it is 1920x2560.
    expect(created.photos[0]).toMatchObject({ width: 1920, height: 2560 });
    const photo = await server.get(created.photos[1]!.url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    const thumb = await server.get(created.photos[1]!.thumbnailUrl);
    const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(Math.max(thumbMeta.width, thumbMeta.height)).toBe(480);
  });

  it('decodes an iPhone HEIC photo on the server and keeps it as JPEG', async () => {
    const res = await server.upload(
      '/api/photo-submissions',
      photoForm(customer, [{ path: fixturePhoto('iphone7-gps-orientation1.heic'), type: 'image/heic' }]),
    );
    expect(res.status).toBe(201);
    const { photos } = await res.json();
    const file = Buffer.from(await (await server.get(photos[0].url)).arrayBuffer());
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([2560, 1920]);
  });

  it('lists newest first, pages with limit/offset and says the total', async () => {
    const res = await server.get('/api/photo-submissions?limit=1');
    expect(res.headers.get(TOTAL_COUNT_HEADER)).toBe('2');
    const [newest] = await res.json();
    expect(newest.photos).toHaveLength(1);
    const second = await (await server.get('/api/photo-submissions?limit=1&offset=1')).json();
    expect(second[0].id).toBe(created.id);
    const pending = await (await server.get('/api/photo-submissions?status=quoted')).json();
    expect(pending).toEqual([]);
  });

  it('rejects bad list parameters', async () => {
    for (const query of ['limit=0', 'limit=201', 'offset=-3', 'status=lost']) {
      const res = await server.get(`/api/photo-submissions?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys((await res.json()).error.fields)).toEqual([query.split('=')[0]]);
    }
  });
});

describe('PUT /api/photo-submissions/:id (create quote)', () => {
  it('sets the status to quoted with the amount, and the list shows it', async () => {
    const res = await server.send('PUT', `/api/photo-submissions/${created.id}`, {
      status: 'quoted',
      estimateAmount: 845.5,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: created.id, status: 'quoted', estimateAmount: 845.5 });
    const quoted = await (await server.get('/api/photo-submissions?status=quoted')).json();
    expect(quoted.map((s: { id: number }) => s.id)).toEqual([created.id]);
  });

  it('rejects a quote without an amount, a negative amount, or an unknown status', async () => {
    const cases: [unknown, string][] = [
      [{ status: 'quoted' }, 'estimateAmount'],
      [{ status: 'quoted', estimateAmount: -5 }, 'estimateAmount'],
      [{ status: 'lost', estimateAmount: 10 }, 'status'],
    ];
    for (const [body, field] of cases) {
      const res = await server.send('PUT', `/api/photo-submissions/${created.id}`, body);
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toHaveProperty(field);
    }
    const after = await (await server.get(`/api/photo-submissions/${created.id}`)).json();
    expect(after).toMatchObject({ status: 'quoted', estimateAmount: 845.5 });
  });

  it('answers 404 for an unknown submission and for a malformed id', async () => {
    expect((await server.send('PUT', '/api/photo-submissions/999999', { status: 'reviewed' })).status).toBe(
      404,
    );
    expect((await server.send('PUT', '/api/photo-submissions/abc', { status: 'reviewed' })).status).toBe(404);
    expect((await server.get('/api/photo-submissions/999999')).status).toBe(404);
  });
});

describe('GET /api/photos/:id', () => {
  it('answers 404 for unknown or malformed ids, never a file outside the photo folder', async () => {
    expect((await server.get('/api/photos/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await server.get('/api/photos/..%2F..%2Fwashdesk.sqlite')).status).toBe(404);
    expect((await server.get('/api/photos/nope/thumbnail')).status).toBe(404);
  });
});
