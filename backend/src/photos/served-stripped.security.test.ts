import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../test/fake-openai.ts';
import { fixturePhoto, photoForm, startTestServer, type TestServer } from '../test/test-server.ts';
import { MODEL_LONG_EDGE } from './image.ts';
import { incomingFile } from './photo.storage.ts';

// Issue 38: uploads are answered before they are stripped of EXIF/GPS. This server's processor is
// held, so every photo stays as it arrived until something asks for it: what is served, and what
// the model is sent, must still never carry the customer's metadata.

type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;
let fake: FakeOpenAi;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  fake.setScenario('good');
  server = await startTestServer({
    env: { OPENAI_API_KEY: 'sk-test-not-real', OPENAI_BASE_URL: fake.url },
    clock: () => 0,
    holdPhotoProcessing: true,
  });
});
afterAll(async () => {
  await server.stop();
  await fake.close();
});

const GPS_PHOTO = 'iphone5-gps-orientation3.jpg';
const stateOf = (id: string) => server.db.prepare('SELECT state FROM photos WHERE id = ?').pluck().get(id);
const exifOf = async (bytes: Buffer) => (await sharp(bytes).metadata()).exif;

describe('a photo is never served or sent before it is stripped', () => {
  it('a pending photo asked for is stripped first, then served; its thumbnail too', async () => {
    const res = await server.anonymous.upload(
      '/api/photo-submissions',
      photoForm(
        { firstName: 'Ana', lastName: 'Ruiz', phone: '(707) 555-0170', serviceType: 'Roof Cleaning' },
        [{ path: fixturePhoto(GPS_PHOTO), name: 'home.jpg' }],
      ),
    );
    expect(res.status).toBe(201);
    const [photo] = (await res.json()).photos as { id: string; url: string; thumbnailUrl: string }[];
    // Answered with the upload kept as it arrived, metadata and all, and nothing served yet.
    expect(stateOf(photo!.id)).toBe('pending');
    expect(await exifOf(fs.readFileSync(incomingFile(server.config, photo!.id)))).toBeDefined();

    const thumbnail = await server.get(photo!.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(stateOf(photo!.id)).toBe('ready');
    const served = Buffer.from(await (await server.get(photo!.url)).arrayBuffer());
    for (const bytes of [served, Buffer.from(await thumbnail.arrayBuffer())]) {
      expect((await sharp(bytes).metadata()).format).toBe('jpeg');
      expect(await exifOf(bytes)).toBeUndefined();
    }
    expect(fs.existsSync(incomingFile(server.config, photo!.id))).toBe(false);
  });

  it('the model gets small stripped copies while the photos are still pending', async () => {
    const before = fake.requests.length;
    const form = new FormData();
    form.append('customerInfo', JSON.stringify({ name: 'Lee Park', phone: '(707) 555-0171' }));
    form.append(
      'photo0',
      new Blob([fs.readFileSync(fixturePhoto(GPS_PHOTO))], { type: 'image/jpeg' }),
      'a.jpg',
    );
    const res = await server.anonymous.upload('/api/photo-quote', form);
    expect(res.status).toBe(200);
    expect((await res.json()).provider).toBe('openai');
    const ids = server.db.prepare("SELECT id FROM photos WHERE state = 'pending'").pluck().all() as string[];
    expect(ids).toHaveLength(1);
    const sent = JSON.stringify(fake.requests.slice(before));
    const images = [...sent.matchAll(/data:image\/jpeg;base64,([A-Za-z0-9+/=]+)/g)].map((m) =>
      Buffer.from(m[1]!, 'base64'),
    );
    expect(images).toHaveLength(1);
    const meta = await sharp(images[0]!).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(MODEL_LONG_EDGE);
  });
});
