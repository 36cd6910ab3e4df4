import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  TOTAL_COUNT_HEADER,
  errorBodySchema,
  serviceRequestSchema,
  type ServiceRequest,
} from '@washdesk/contract';
import { fixturePhoto, photoForm, startTestServer, type TestServer } from '../test/test-server.ts';
import { expectInvalid } from '../test/expect-errors.ts';

const oneSchema = serviceRequestSchema.strict();
const listSchema = oneSchema.array();

const wizard = {
  firstName: 'Jonah',
  lastName: 'Pike',
  email: 'Jonah.Pike@Example.com',
  phone: '(707) 555-0177',
  address: '9 Salmon Creek Rd',
  city: 'Miranda',
  serviceType: 'house-washing',
  propertyType: 'residential',
  urgency: 'week',
  description: 'Mildew on the north side',
  hasPhotos: false,
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

const list = async (query = '') => {
  const res = await server.get(`/api/service-requests${query}`);
  expect(res.status).toBe(200);
  return { rows: listSchema.parse(await res.json()), total: res.headers.get(TOTAL_COUNT_HEADER) };
};

const createJson = async (over: Record<string, unknown> = {}): Promise<ServiceRequest> => {
  const res = await server.send('POST', '/api/service-requests', { ...wizard, ...over });
  expect(res.status).toBe(201);
  return oneSchema.parse(await res.json());
};

const snapshot = () => ({
  requests: server.count('service_requests'),
  photos: server.count('photos'),
  files: server.storedFiles().sort(),
});

describe('POST /api/service-requests as JSON', () => {
  it('stores the wizard data (201) as a new request without photos', async () => {
    const before = server.count('service_requests');
    const created = await createJson();
    expect(created).toMatchObject({
      firstName: 'Jonah',
      lastName: 'Pike',
      email: 'jonah.pike@example.com',
      phone: '(707) 555-0177',
      address: '9 Salmon Creek Rd',
      city: 'Miranda',
      serviceType: 'house-washing',
      propertyType: 'residential',
      urgency: 'week',
      description: 'Mildew on the north side',
      hasPhotos: false,
      photos: [],
      status: 'new',
    });
    expect(server.count('service_requests')).toBe(before + 1);
    const res = await server.get(`/api/service-requests/${created.id}`);
    expect(oneSchema.parse(await res.json())).toEqual(created);
  });

  it('lists requests newest first with X-Total-Count', async () => {
    const first = await createJson({ firstName: 'First', serviceType: 'roof-cleaning' });
    const second = await createJson({
      firstName: 'Second',
      serviceType: 'pressure-washing',
      propertyType: undefined,
      urgency: undefined,
    });
    expect(second).toMatchObject({ propertyType: null, urgency: null });
    const { rows, total } = await list();
    expect(total).toBe(String(server.count('service_requests')));
    expect(rows.length).toBe(server.count('service_requests'));
    expect(rows.slice(0, 2).map((r) => r.id)).toEqual([second.id, first.id]);
    const times = rows.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const page = await list('?limit=1&offset=1');
    expect(page.rows.map((r) => r.id)).toEqual([first.id]);
    expect(page.total).toBe(total);
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    ['a missing service', { serviceType: undefined }, 'serviceType', 'Please choose a service'],
    ['an unknown service', { serviceType: 'car-detailing' }, 'serviceType', 'Please choose a service'],
    ['a blank first name', { firstName: '  ' }, 'firstName', 'First name is required'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'email', 'Enter a valid e-mail address'],
    ['a short phone', { phone: '555-0177' }, 'phone', 'Valid phone number required'],
    ['letters for a phone', { phone: 'abc-def-ghij' }, 'phone', 'Valid phone number required'],
    // The address the free estimate is booked at; appointments refuse a shorter one too.
    ['a one-letter address', { address: 'J' }, 'address', 'Complete address is required'],
    ['a blank address', { address: '  ' }, 'address', 'Complete address is required'],
    [
      'an unknown property type',
      { propertyType: 'castle' },
      'propertyType',
      'Choose a property type from the list',
    ],
  ];
  it.each(bad)('rejects %s with 400 and stores nothing', async (_label, over, field, message) => {
    const before = server.count('service_requests');
    await expectInvalid(
      await server.send('POST', '/api/service-requests', { ...wizard, ...over }),
      field,
      message,
    );
    expect(server.count('service_requests')).toBe(before);
  });
});

describe('POST /api/service-requests as multipart', () => {
  const fields = Object.fromEntries(Object.entries(wizard).map(([k, v]) => [k, String(v)]));

  it('stores the request with its photo, served as JPEG, and hasPhotos true', async () => {
    const before = snapshot();
    const res = await server.upload(
      '/api/service-requests',
      photoForm(fields, [{ path: fixturePhoto('pixel-gps-orientation1.jpg') }]),
    );
    expect(res.status).toBe(201);
    const created = oneSchema.parse(await res.json());
    expect(created.hasPhotos).toBe(true);
    expect(created.photos).toHaveLength(1);
    expect(server.count('service_requests')).toBe(before.requests + 1);
    expect(server.count('photos')).toBe(before.photos + 1);

    const listed = (await list()).rows.find((r) => r.id === created.id)!;
    expect(listed.photos).toEqual(created.photos);
    const photo = listed.photos[0]!;
    expect(photo.width).toBeGreaterThan(0);
    expect(photo.height).toBeGreaterThan(0);
    for (const url of [photo.url, photo.thumbnailUrl]) {
      const img = await server.get(url);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toMatch(/^image\/jpeg/);
      const bytes = new Uint8Array(await img.arrayBuffer());
      expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);
    }
  });

  it('rejects a text file named x.jpg with 415, storing no row and no file', async () => {
    const before = snapshot();
    const res = await server.upload(
      '/api/service-requests',
      photoForm(fields, [
        {
          bytes: new TextEncoder().encode('just some text, not a photo\n'),
          name: 'x.jpg',
          type: 'image/jpeg',
        },
      ]),
    );
    expect(res.status).toBe(415);
    const body = z.strictObject(errorBodySchema.shape).parse(await res.json());
    expect(body.error.code).toBe('unsupported_media_type');
    // The page shows the field's message under its photo picker: it names the file and says why.
    const notAPhoto = '“x.jpg” is not a photo we can read. Please choose a JPEG, PNG, WebP or HEIC image.';
    expect(body.error).toMatchObject({ message: notAPhoto, fields: { photos: notAPhoto } });
    await server.settled();
    expect(snapshot()).toEqual(before);
    expect(before.files.filter((f) => f.includes('uploads-in-progress'))).toEqual([]);
  });

  it('rejects invalid fields with 400 even with a valid photo, keeping no file', async () => {
    const before = snapshot();
    const { serviceType: _omit, ...withoutService } = fields;
    const res = await server.upload(
      '/api/service-requests',
      photoForm(withoutService, [{ path: fixturePhoto('pixel-gps-orientation1.jpg') }]),
    );
    await expectInvalid(res, 'serviceType', 'Please choose a service');
    await server.settled();
    expect(snapshot()).toEqual(before);
  });
});

describe('GET /api/service-requests', () => {
  it('answers 404 for an unknown id and 400 for bad query values', async () => {
    const res = await server.get('/api/service-requests/999999');
    expect(res.status).toBe(404);
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('not_found');
    await expectInvalid(await server.get('/api/service-requests?status=lost'), 'status', 'Unknown status');
    await expectInvalid(
      await server.get('/api/service-requests?limit=abc'),
      'limit',
      'limit must be a whole number',
    );
  });
});
