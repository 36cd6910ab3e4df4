import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer } from '../test/child-server.ts';
import { fixturePhoto, startTestServer } from '../test/test-server.ts';

// Issue 38: the instant quote answers before its photos are stripped and re-encoded. A server
// killed with SIGKILL right after that answer must lose nothing: the photos were on disk and
// committed before the 200, and the next start strips, re-encodes and thumbnails them.

const PHOTOS = ['iphone5-gps-orientation3.jpg', 'pixel-gps-orientation1.jpg'];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-quote-kill-'));
const cleanup: (() => unknown)[] = [() => fs.rmSync(dataDir, { recursive: true, force: true })];
afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo();
});

/** The real server in a child process on `dataDir`, its photo processing held. */
const startHeldServer = () =>
  startChildServer('backend/src/test/photo-child-server.ts', dataDir, { WASHDESK_HOLD_PHOTOS: '1' }, cleanup);

const hasExif = async (bytes: Buffer) => (await sharp(bytes).metadata()).exif !== undefined;

describe('a server killed right after answering a quote', () => {
  it('keeps the photos and finishes their processing at the next start', async () => {
    const originals = PHOTOS.map((name) => fs.readFileSync(fixturePhoto(name)));
    expect(await hasExif(originals[0]!)).toBe(true);
    const first = await startHeldServer();
    const form = new FormData();
    form.append('customerInfo', JSON.stringify({ name: 'Kai Moreno', phone: '(707) 555-0161' }));
    originals.forEach((bytes, i) =>
      form.append(`photo${i}`, new Blob([bytes], { type: 'image/jpeg' }), PHOTOS[i]),
    );
    const res = await fetch(`${first.url}/api/photo-quote`, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const { submissionId, quote } = (await res.json()) as {
      submissionId: number;
      quote: { priceRange: string };
    };
    expect(quote.priceRange).toMatch(/\$/);
    await first.kill();

    // What the killed server left: the rows, pending, and each upload byte for byte as it arrived.
    const db = new Database(path.join(dataDir, 'washdesk.sqlite'), { readonly: true });
    const rows = db
      .prepare('SELECT id, state FROM photos WHERE submission_id = ? ORDER BY position')
      .all(submissionId) as { id: string; state: string }[];
    db.close();
    expect(rows.map((r) => r.state)).toEqual(['pending', 'pending']);
    rows.forEach((row, i) => {
      expect(fs.readFileSync(path.join(dataDir, 'photos-incoming', row.id)).equals(originals[i]!)).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'photos', `${row.id}.jpg`))).toBe(false);
    });

    const second = await startTestServer({ dataDir });
    cleanup.push(() => second.stop());
    await second.settled();
    const states = second.db
      .prepare('SELECT state FROM photos WHERE submission_id = ? ORDER BY position')
      .pluck()
      .all(submissionId);
    expect(states).toEqual(['ready', 'ready']);
    expect(fs.readdirSync(path.join(dataDir, 'photos-incoming'))).toEqual([]);
    const submission = await (await second.get(`/api/photo-submissions/${submissionId}`)).json();
    expect(submission.photos.map((p: { id: string }) => p.id)).toEqual(rows.map((r) => r.id));
    for (const photo of submission.photos) {
      const stored = Buffer.from(await (await second.get(photo.url)).arrayBuffer());
      const thumbnail = Buffer.from(await (await second.get(photo.thumbnailUrl)).arrayBuffer());
      for (const bytes of [stored, thumbnail]) {
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe('jpeg');
        expect(meta.exif).toBeUndefined();
      }
      expect(await sharp(stored).metadata()).toMatchObject({ width: photo.width, height: photo.height });
    }
  });
});
