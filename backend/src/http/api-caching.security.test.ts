import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePhoto, photoForm, startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let photo: { url: string; thumbnailUrl: string };
beforeAll(async () => {
  server = await startTestServer();
  const res = await server.upload(
    '/api/photo-submissions',
    photoForm({ firstName: 'Rosa', lastName: 'Greer', phone: '707-555-0199', serviceType: 'Roof Cleaning' }, [
      { path: fixturePhoto('coffee-photo.png'), type: 'image/png' },
    ]),
  );
  photo = (await res.json()).photos[0];
});
afterAll(() => server.stop());

describe('no API answer stays in a browser cache', () => {
  it('marks every kind of API answer private, no-store', async () => {
    const answers = [
      await server.get('/api/photo-submissions'),
      await server.get(photo.url),
      await server.get(photo.thumbnailUrl),
      await server.get('/api/calls/export.csv'),
      await server.get('/api/reports/weekly.csv'),
      await server.anonymous.get('/api/faq'),
      await server.anonymous.get('/api/public/profile'),
      await server.get('/api/no-such-thing'),
      await server.get('/API/faq'),
      await server.send('POST', '/api/faq', {}),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 401, 200, 404, 404, 400]);
    for (const res of answers) {
      expect(res.headers.get('cache-control'), res.url).toBe('private, no-store');
      expect(res.headers.get('vary') ?? '', res.url).toMatch(/Cookie/);
    }
  });

  it("clears this site's browser cache at sign-out", async () => {
    const res = await server.send('POST', '/api/auth/logout');
    expect(res.status).toBe(204);
    expect(res.headers.get('clear-site-data')).toBe('"cache"');
  });
});
