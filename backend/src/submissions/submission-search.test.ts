import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { photoSubmissionRowSchema, TOTAL_COUNT_HEADER } from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectInvalid } from '../test/expect-errors.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

/** A submission as the photo form stores it (the form itself has its own tests). */
const submitted = (s: {
  first: string;
  last: string;
  phone: string;
  email: string;
  address: string;
  status?: string;
  at: string;
}) =>
  Number(
    server.db
      .prepare(
        `INSERT INTO photo_submissions (first_name, last_name, phone, email, address, status, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(s.first, s.last, s.phone, s.email, s.address, s.status ?? 'pending', s.at, s.at).lastInsertRowid,
  );

const search = async (query: string) => {
  const res = await server.get(`/api/photo-submissions?${query}`);
  expect(res.status).toBe(200);
  const rows = photoSubmissionRowSchema.array().parse(await res.json());
  return { ids: rows.map((r) => r.id), total: Number(res.headers.get(TOTAL_COUNT_HEADER)) };
};

let rosa: number, rosaQuoted: number, ben: number, mei: number;
beforeAll(() => {
  rosa = submitted({
    first: 'Rosa',
    last: 'Delgado',
    phone: '(707) 555-0199',
    email: 'rosa.delgado@example.com',
    address: '44 Elk Ridge Rd, Redway, CA',
    at: '2026-03-01T18:00:00.000Z',
  });
  rosaQuoted = submitted({
    first: 'Rosa',
    last: 'Delgado',
    phone: '707.555.0199',
    email: 'rosa.delgado@example.com',
    address: '12 Pine St, Garberville, CA',
    status: 'quoted',
    at: '2026-03-05T18:00:00.000Z',
  });
  ben = submitted({
    first: 'Ben',
    last: 'Okafor',
    phone: '+1 415 555 7788',
    email: 'ben@okafor.example',
    address: '9 Quail Hollow, Arcata, CA',
    status: 'reviewed',
    at: '2026-03-03T18:00:00.000Z',
  });
  mei = submitted({
    first: 'Mei',
    last: 'Tanaka_%',
    phone: '7075550123',
    email: 'mei@example.com',
    address: '1 Elk Ridge Rd, Redway, CA',
    at: '2026-03-04T18:00:00.000Z',
  });
});

describe('GET /api/photo-submissions?q=&status=', () => {
  it('finds a customer by full name, newest first, with the total for the pager', async () => {
    expect(await search('q=rosa%20delgado')).toEqual({ ids: [rosaQuoted, rosa], total: 2 });
  });

  it('finds a phone number however it is written', async () => {
    for (const typed of ['707-555-0199', '(707) 555 0199', '7075550199', '555.0199'])
      expect((await search(`q=${encodeURIComponent(typed)}`)).ids).toEqual([rosaQuoted, rosa]);
    expect((await search(`q=${encodeURIComponent('415-555-7788')}`)).ids).toEqual([ben]);
  });

  it('finds by e-mail and by part of the address', async () => {
    expect((await search('q=OKAFOR.EXAMPLE')).ids).toEqual([ben]);
    expect((await search(`q=${encodeURIComponent('elk ridge')}`)).ids).toEqual([mei, rosa]);
  });

  it('combines the search with the status filter', async () => {
    expect(await search('q=rosa&status=quoted')).toEqual({ ids: [rosaQuoted], total: 1 });
    expect(await search('q=rosa&status=reviewed')).toEqual({ ids: [], total: 0 });
    const reviewed = await search('status=reviewed');
    expect(reviewed.ids).toEqual([ben]);
  });

  it('pages the matches while the total counts them all', async () => {
    expect(await search('q=redway&limit=1&offset=0')).toEqual({ ids: [mei], total: 2 });
    expect(await search('q=redway&limit=1&offset=1')).toEqual({ ids: [rosa], total: 2 });
  });

  it('treats % and _ as the characters they are', async () => {
    expect((await search(`q=${encodeURIComponent('_%')}`)).ids).toEqual([mei]);
    expect((await search(`q=${encodeURIComponent('%')}`)).ids).toEqual([mei]);
  });

  it('refuses an unknown status and an over-long search', async () => {
    await expectInvalid(await server.get('/api/photo-submissions?status=lost'), 'status', 'Unknown status');
    await expectInvalid(
      await server.get(`/api/photo-submissions?q=${'x'.repeat(121)}`),
      'q',
      'Search at most 120 characters',
    );
  });
});
