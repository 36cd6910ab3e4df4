import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  photoQuoteResponseSchema,
  photoSubmissionRowSchema,
  photoSubmissionSchema,
  type PhotoAnalysis,
} from '@washdesk/contract';
import { runMigrations } from '../db/migrate.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.ts';
import { fixturePhoto, photoForm, startTestServer, type TestServer } from '../test/test-server.ts';

// Item 14: what staff see of a quote-tool lead. The address is in its own field (not pasted into the
// notes) and the service type is the service the customer was quoted for, not "General Cleaning".

const customer = {
  name: 'Rosa Greer',
  phone: '(707) 555-0188',
  email: 'rosa@example.com',
  address: '9 Madrone Ln, Redway',
  notes: 'Gate code 4471.',
};
const quoteForm = (info: object = customer) => {
  const form = photoForm({ customerInfo: JSON.stringify(info) });
  form.append('photo0', new Blob([fs.readFileSync(fixturePhoto('coffee-photo.png'))]), 'coffee-photo.png');
  return form;
};

async function quoteAndRead(server: TestServer, info?: object) {
  const res = await server.anonymous.upload('/api/photo-quote', quoteForm(info));
  expect(res.status).toBe(200);
  const body = photoQuoteResponseSchema.parse(await res.json());
  const saved = photoSubmissionSchema.parse(
    await (await server.get(`/api/photo-submissions/${body.submissionId}`)).json(),
  );
  return { body, saved };
}

describe('a quote-tool submission without an AI key', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());
  afterEach(() => expect(server.errors).toEqual([]));

  it('keeps the address in its field, the notes as written, and the quoted services as its type', async () => {
    const { body, saved } = await quoteAndRead(server);
    // No service and no size given: a typical house (2,200 sq ft) and driveway (600 sq ft).
    // Low 2200 × 0.40 + 600 × 0.30 = 1,060; high 2200 × 0.65 + 600 × 0.50 = 1,730.
    expect(body.quote).toMatchObject({
      surfaceType: 'House Soft Washing, Concrete Cleaning',
      estimatedArea: '2,800 sq ft',
      priceRange: '$1,060 - $1,730',
    });
    expect(saved).toMatchObject({
      source: 'quote-tool',
      address: '9 Madrone Ln, Redway',
      notes: 'Gate code 4471.',
      serviceType: 'House Soft Washing, Concrete Cleaning',
    });
  });

  // Issue 38: the list carries what its cards show; the analysis is read with the one submission.
  it('lists the submission without its analysis, which its own address answers with', async () => {
    const { saved } = await quoteAndRead(server);
    expect(saved.analysis).toMatchObject({ provider: 'local-estimate' });
    const listed = await (await server.get('/api/photo-submissions?limit=200')).json();
    const row = (listed as { id: number }[]).find((r) => r.id === saved.id);
    expect(row).not.toHaveProperty('analysis');
    const { analysis: _analysis, ...rest } = saved;
    expect(photoSubmissionRowSchema.strict().parse(row)).toEqual(rest);
  });

  it('stores no notes when the customer wrote none, even with an address', async () => {
    const { saved } = await quoteAndRead(server, { ...customer, notes: '' });
    expect(saved).toMatchObject({ address: '9 Madrone Ln, Redway', notes: null });
  });

  // Issue 34: only what the notes name is priced — no house wash nobody asked for.
  it('names the roof when the notes say moss on the roof, and prices no house wash', async () => {
    const { saved } = await quoteAndRead(server, { ...customer, notes: 'Moss on the roof, walkway too.' });
    expect(saved.serviceType).toBe('Moss Removal, Concrete Cleaning');
  });

  it('prices only the services picked on the tool, at the size said of them', async () => {
    const { saved } = await quoteAndRead(server, {
      ...customer,
      notes: 'just the driveway, about 800 sq ft',
      services: ['concrete_cleaning'],
    });
    expect(saved.serviceType).toBe('Concrete Cleaning');
  });
});

describe('a quote-tool submission priced from the AI model', () => {
  let fake: FakeOpenAi;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    server = await startTestServer({
      env: { OPENAI_API_KEY: 'sk-test-not-real', OPENAI_BASE_URL: fake.url },
    });
  });
  afterAll(async () => {
    await server.stop();
    await fake.close();
  });

  it('takes its service type from the surfaces the model found', async () => {
    const roofOnly: PhotoAnalysis = {
      surfaces: [
        {
          surfaceType: 'roof_cleaning',
          squareFootage: 1500,
          difficulty: 'easy',
          confidence: 0.9,
          notes: 'Composition shingle roof.',
        },
      ],
      recommendedServices: ['Roof wash'],
      notes: 'Roof only.',
    };
    fake.setScenario({ content: roofOnly });
    const { body, saved } = await quoteAndRead(server);
    expect(body.provider).toBe('openai');
    // 1500 × 0.50 = 750; 1500 × 0.80 = 1,200.
    expect(body.quote.priceRange).toBe('$750 - $1,200');
    expect(saved).toMatchObject({ serviceType: 'Roof Cleaning', address: '9 Madrone Ln, Redway' });
    expect(saved.notes).toBe('Gate code 4471.');
  });
});

describe('migration 0004 on quote-tool rows saved the old way', () => {
  const migrations = path.resolve(import.meta.dirname, '../../migrations');
  let dir: string;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('takes the pasted address out of the notes and names the quoted services', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-migration-'));
    const upTo3 = path.join(dir, 'migrations');
    fs.mkdirSync(upTo3);
    for (const file of fs.readdirSync(migrations).filter((f) => /^000[1-3]_/.test(f)))
      fs.copyFileSync(path.join(migrations, file), path.join(upTo3, file));
    const db = new Database(path.join(dir, 'old.sqlite'));
    try {
      runMigrations(db, upTo3);
      const at = '2026-01-05T18:00:00.000Z';
      const insert = db.prepare(`INSERT INTO photo_submissions (first_name, address, service_type, notes,
        status, source, created_at, updated_at) VALUES ('Old', ?, ?, ?, 'pending', ?, '${at}', '${at}')`);
      const rows = [
        insert.run('9 Madrone Ln', null, 'Gate code\nAddress: 9 Madrone Ln', 'quote-tool'),
        insert.run('1 Oak St', null, 'Address: 1 Oak St', 'quote-tool'),
        insert.run('2 Elm St', null, 'Address: somewhere else', 'quote-tool'),
        insert.run('3 Fir St', 'House Soft Wash', 'Address: 3 Fir St', 'photo-form'),
      ].map((r) => Number(r.lastInsertRowid));
      const surfaces = (types: string[]) => JSON.stringify(types.map((surfaceType) => ({ surfaceType })));
      const analysis = db.prepare(`INSERT INTO submission_analyses (submission_id, provider, surfaces,
        recommended_services, notes, confidence, price_low, price_high, suggested_total, duration_ms, created_at)
        VALUES (?, 'local-estimate', ?, '[]', '', 0.3, 1, 2, 2, 5, '${at}')`);
      analysis.run(rows[0], surfaces(['moss_removal', 'house_soft_wash', 'moss_removal']));
      analysis.run(rows[1], surfaces(['concrete_cleaning']));

      runMigrations(db, migrations);

      expect(
        db
          .prepare('SELECT address, service_type AS serviceType, notes FROM photo_submissions ORDER BY id')
          .all(),
      ).toEqual([
        { address: '9 Madrone Ln', serviceType: 'Moss Removal, House Soft Washing', notes: 'Gate code' },
        { address: '1 Oak St', serviceType: 'Concrete Cleaning', notes: null },
        // Notes that do not end with this row's own address are the customer's words: untouched.
        { address: '2 Elm St', serviceType: null, notes: 'Address: somewhere else' },
        // Only quote-tool rows were written that way.
        { address: '3 Fir St', serviceType: 'House Soft Wash', notes: 'Address: 3 Fir St' },
      ]);
    } finally {
      db.close();
    }
  });
});
