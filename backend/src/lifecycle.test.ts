import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  appointmentSchema,
  callSchema,
  conversationSchema,
  faqEntrySchema,
  photoSubmissionRowSchema,
  statsSchema,
  submissionQuotesSchema,
  FAQ_CATEGORIES,
  CALL_STATUSES,
} from '@washdesk/contract';
import { fixturePhoto, photoForm, startTestServer, type TestServer } from './test/test-server.ts';

const dirs: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-life-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const json = async (server: TestServer, p: string) => {
  const res = await server.get(p);
  expect(res.status, p).toBe(200);
  return res.json();
};

describe('restarting the server', () => {
  it('keeps every row and photo', async () => {
    const dataDir = newDataDir();
    const first = await startTestServer({ dataDir });
    const res = await first.upload(
      '/api/photo-submissions',
      photoForm(
        { firstName: 'Rosa', lastName: 'Greer', phone: '707-555-0199', serviceType: 'Roof Cleaning' },
        [{ path: fixturePhoto('coffee-photo.png'), type: 'image/png' }],
      ),
    );
    const saved = await res.json();
    await first.send('POST', '/api/faq', { question: 'Do you work weekends?', answer: 'Saturdays, yes.' });
    const photoBytes = Buffer.from(await (await first.get(saved.photos[0].url)).arrayBuffer());
    await first.stop();

    const second = await startTestServer({ dataDir });
    try {
      // The list row carries what its screen shows; the submission by id carries all of it.
      expect(await json(second, `/api/photo-submissions/${saved.id}`)).toEqual(saved);
      const [row] = await json(second, '/api/photo-submissions');
      expect({ ...row, analysis: saved.analysis }).toEqual(saved);
      const photoAgain = Buffer.from(await (await second.get(saved.photos[0].url)).arrayBuffer());
      expect(photoAgain.equals(photoBytes)).toBe(true);
      expect((await json(second, '/api/faq')).map((f: { question: string }) => f.question)).toEqual([
        'Do you work weekends?',
      ]);
    } finally {
      await second.stop();
    }
  });

  it('refuses a database written by a newer version, with a clear message, and leaves it untouched', async () => {
    const dataDir = newDataDir();
    const first = await startTestServer({ dataDir });
    first.db
      .prepare(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, 'from_the_future', '2030-01-01')",
      )
      .run();
    await first.stop();
    const before = fs.readFileSync(path.join(dataDir, 'washdesk.sqlite'));
    await expect(startTestServer({ dataDir })).rejects.toThrow(
      /newer version of Washdesk \(it has migration 9999_from_the_future/,
    );
    expect(fs.readFileSync(path.join(dataDir, 'washdesk.sqlite')).equals(before)).toBe(true);
  });
});

describe('demo data', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('fills a new database with a realistic data set in the spec shapes', async () => {
    server = await startTestServer({ dataDir: newDataDir(), env: { DEMO_DATA: 'on' } });
    const submissions = photoSubmissionRowSchema
      .array()
      .parse(await json(server, '/api/photo-submissions?limit=200'));
    expect(submissions.length).toBeGreaterThanOrEqual(24);
    expect(new Set(submissions.map((s) => s.status))).toEqual(
      new Set(['pending', 'reviewed', 'quoted', 'completed']),
    );
    const thumb = await server.get(submissions[0]!.photos[0]!.thumbnailUrl);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');

    const stats = statsSchema.parse(await json(server, '/api/stats'));
    expect(stats.totalSubmissions).toBe(submissions.length);
    expect(stats.todaySubmissions).toBeGreaterThan(0);

    const appointments = appointmentSchema.array().parse(await json(server, '/api/appointments?limit=200'));
    const dates = appointments.map((a) => a.scheduledDate);
    expect(dates.some((d) => d < stats.today)).toBe(true);
    expect(dates).toContain(stats.today);
    expect(dates.some((d) => d > stats.today)).toBe(true);

    const calls = callSchema.array().parse(await json(server, '/api/calls?limit=50'));
    // Every ended state shows; no demo call is "in-progress", since nothing would ever end it.
    const statuses = calls.map((c) => c.status);
    for (const status of CALL_STATUSES.filter((s) => s !== 'in-progress')) expect(statuses).toContain(status);
    expect(statuses).not.toContain('in-progress');

    const faq = faqEntrySchema.array().parse(await json(server, '/api/faq'));
    expect(new Set(faq.map((f) => f.category))).toEqual(new Set(FAQ_CATEGORIES));

    const conversations = conversationSchema
      .array()
      .parse(await json(server, '/api/messenger/conversations'));
    expect(conversations).toHaveLength(2);

    // Quoted and completed submissions carry the quotes that were sent: completed ones accepted,
    // their leads won; nothing claims an e-mail or text went out.
    for (const s of submissions.filter((x) => x.status === 'quoted' || x.status === 'completed')) {
      const { quotes, leadStage } = submissionQuotesSchema.parse(
        await json(server, `/api/photo-submissions/${s.id}/quotes`),
      );
      expect(quotes, s.customerName ?? '').toHaveLength(1);
      const [quote] = quotes;
      expect(quote!.amountCents).toBe(Math.round(s.estimateAmount! * 100));
      expect(quote!.deliveries.map((d) => d.outcome)).toEqual(['not-configured', 'not-configured']);
      expect(quote!.state).toBe(s.status === 'completed' ? 'accepted' : 'open');
      expect(leadStage).toBe(s.status === 'completed' ? 'won' : 'quoted');
      expect(quote!.sentAt >= s.createdAt).toBe(true);
    }
    const open = submissions.filter((s) => s.status === 'quoted');
    expect(open.length).toBeGreaterThan(0);
  });

  it('never touches a database that already has data, and stays off with DEMO_DATA=off', async () => {
    const dataDir = newDataDir();
    const plain = await startTestServer({ dataDir, env: { DEMO_DATA: 'off' } });
    expect(await json(plain, '/api/photo-submissions')).toEqual([]);
    await plain.send('POST', '/api/faq', { question: 'Q?', answer: 'A.' });
    await plain.stop();
    server = await startTestServer({ dataDir, env: { DEMO_DATA: 'on' } });
    expect(server.count('photo_submissions')).toBe(0);
    expect(server.count('faq_entries')).toBe(1);
  });
});

describe('kept-alive connections', () => {
  it('are held longer than clients hold them, so a reused socket is never closed under a request', async () => {
    const server = await startTestServer({ dataDir: newDataDir() });
    try {
      const agent = new http.Agent({ keepAlive: true });
      const keepAlive = await new Promise<unknown>((resolve, reject) => {
        http
          .get(`${server.url}/api/health`, { agent }, (res) => {
            res.resume();
            resolve(res.headers['keep-alive']);
          })
          .on('error', reject);
      });
      agent.destroy();
      // Node's own client drops idle sockets well before this; Chrome and proxies by 60 s.
      expect(keepAlive).toBe('timeout=65');
    } finally {
      await server.stop();
    }
  });
});
