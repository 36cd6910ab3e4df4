import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVolume } from '../demo/volume-data.ts';
import { NEXT_CURSOR_HEADER } from '../http/key-cursor.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// Issue 38: the submissions list reads each page from an index (the back half from the oldest
// end) and also pages by key. Whatever way a page is asked for, it holds exactly the rows of the
// list's one order (newest first, then the higher id), as the plain SQL gives them.

const ROWS = 103;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  seedVolume(server.db, { submissions: ROWS, calls: 0, withPhotoRows: true });
  // Ties on the time: the id decides between them.
  server.db.exec(
    `UPDATE photo_submissions SET created_at = '2026-01-01T00:00:00.000Z' WHERE id BETWEEN 40 AND 47`,
  );
});
afterAll(() => server.stop());

const expected = (status?: string) =>
  server.db
    .prepare(
      `SELECT id FROM photo_submissions ${status ? 'WHERE status = ?' : ''} ORDER BY created_at DESC, id DESC`,
    )
    .pluck()
    .all(...(status ? [status] : [])) as number[];

const ids = async (res: Response) => ((await res.json()) as { id: number }[]).map((s) => s.id);

describe('GET /api/photo-submissions pages', () => {
  for (const status of [undefined, 'quoted']) {
    const filter = status ? `&status=${status}` : '';
    it(`by offset, front and back half alike${status ? ' (one status)' : ''}`, async () => {
      const all = expected(status);
      for (const [limit, offset] of [
        [10, 0],
        [10, 40],
        [10, 50],
        [7, 60],
        [10, all.length - 10],
        [10, all.length - 3],
        [10, all.length],
        [50, all.length + 5],
      ] as const) {
        const res = await server.get(`/api/photo-submissions?limit=${limit}&offset=${offset}${filter}`);
        expect(res.headers.get('X-Total-Count')).toBe(String(all.length));
        expect(await ids(res)).toEqual(all.slice(offset, offset + limit));
      }
    });

    it(`by key cursor, through the whole list${status ? ' (one status)' : ''}`, async () => {
      const walked: number[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 50; pages++) {
        const res = await server.get(
          `/api/photo-submissions?limit=9${filter}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        walked.push(...(await ids(res)));
        cursor = res.headers.get(NEXT_CURSOR_HEADER);
        if (!cursor) break;
      }
      expect(walked).toEqual(expected(status));
    });
  }

  it('refuses a cursor no list gave', async () => {
    const res = await server.get('/api/photo-submissions?cursor=not-a-cursor');
    expect(res.status).toBe(400);
  });
});
