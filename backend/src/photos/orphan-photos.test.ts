import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePhoto, photoForm, startTestServer } from '../test/test-server.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-orphans-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('photos left by a crash', () => {
  it('are removed at the next start; photos with a record and foreign files stay', async () => {
    const first = await startTestServer({ dataDir });
    const res = await first.upload(
      '/api/photo-submissions',
      photoForm(
        { firstName: 'Rosa', lastName: 'Greer', phone: '707-555-0199', serviceType: 'Roof Cleaning' },
        [{ path: fixturePhoto('coffee-photo.png'), type: 'image/png' }],
      ),
    );
    const kept = (await res.json()).photos[0] as { id: string; url: string };
    // Stripped and re-encoded after the answer: done before this server stops.
    await first.settled();
    await first.stop();

    // What a server killed while re-encoding an upload leaves: files whose row was never written.
    const photoDir = path.join(dataDir, 'photos');
    const orphan = randomUUID();
    const orphanFiles = [`${orphan}.jpg`, `${orphan}.thumb.jpg`, `${randomUUID()}.jpg`];
    for (const name of orphanFiles) fs.writeFileSync(path.join(photoDir, name), 'half a photo');
    fs.writeFileSync(path.join(photoDir, 'README.txt'), 'not ours');
    // An upload moved in as it arrived whose row never committed (killed between the two).
    const incoming = path.join(dataDir, 'photos-incoming');
    fs.mkdirSync(incoming, { recursive: true });
    fs.writeFileSync(path.join(incoming, randomUUID()), 'an upload as it arrived');
    const tempDir = path.join(dataDir, 'uploads-in-progress', randomUUID());
    fs.mkdirSync(tempDir, { recursive: true });
    fs.writeFileSync(path.join(tempDir, 'part'), 'an upload being received');

    const second = await startTestServer({ dataDir });
    try {
      expect(second.notices).toContain(
        'Removed 4 photo file(s) left without a record by an interrupted upload.',
      );
      const left = fs.readdirSync(photoDir).sort();
      expect(left).toEqual([`${kept.id}.jpg`, `${kept.id}.thumb.jpg`, 'README.txt'].sort());
      expect(fs.existsSync(tempDir)).toBe(false);
      expect(fs.readdirSync(incoming)).toEqual([]);
      expect((await second.get(kept.url)).status).toBe(200);
    } finally {
      await second.stop();
    }
  });
});
