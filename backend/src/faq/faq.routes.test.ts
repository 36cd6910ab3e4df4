import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { faqEntrySchema, type FaqEntry } from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectInvalid, expectNotFound } from '../test/expect-errors.ts';

const entrySchema = faqEntrySchema.strict();
const listSchema = entrySchema.array();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

const list = async () => {
  const res = await server.get('/api/faq');
  expect(res.status).toBe(200);
  return listSchema.parse(await res.json());
};

const create = async (body: Record<string, unknown>): Promise<FaqEntry> => {
  const res = await server.send('POST', '/api/faq', body);
  expect(res.status).toBe(201);
  return entrySchema.parse(await res.json());
};

const validEntry = {
  question: 'Do you need water on site?',
  answer: 'Yes, an outdoor tap.',
  category: 'Process',
  isActive: false,
};

describe('GET /api/faq', () => {
  it('lists entries newest first by creation time, not by id', async () => {
    // An entry created earlier but inserted later must still come last.
    const fresh = await create({ question: 'Fresh question?', answer: 'Fresh answer.' });
    const { lastInsertRowid } = server.db
      .prepare(
        `INSERT INTO faq_entries (question, answer, category, is_active, usage_count, created_at, updated_at)
        VALUES ('Old question?', 'Old answer.', 'Pricing', 0, 7, '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z')`,
      )
      .run();
    const entries = await list();
    const ids = entries.map((e) => e.id);
    expect(ids.indexOf(fresh.id)).toBeLessThan(ids.indexOf(Number(lastInsertRowid)));
    const old = entries.find((e) => e.id === Number(lastInsertRowid))!;
    expect(old).toMatchObject({
      question: 'Old question?',
      category: 'Pricing',
      isActive: false,
      usageCount: 7,
    });
    const times = entries.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe('POST /api/faq', () => {
  it('creates an entry with 201, active and in "General" by default', async () => {
    const before = server.count('faq_entries');
    const entry = await create({ question: '  Are you insured?  ', answer: 'Fully licensed and insured.' });
    expect(entry).toMatchObject({
      question: 'Are you insured?',
      answer: 'Fully licensed and insured.',
      category: 'General',
      isActive: true,
      usageCount: 0,
    });
    expect(server.count('faq_entries')).toBe(before + 1);
    expect((await list())[0]).toEqual(entry);
  });

  it('keeps the category and isActive it is given', async () => {
    const entry = await create(validEntry);
    expect(entry).toMatchObject({ category: 'Process', isActive: false });
  });

  it('rejects a missing question with "Question is required" and writes nothing', async () => {
    const before = server.count('faq_entries');
    await expectInvalid(
      await server.send('POST', '/api/faq', { answer: 'An answer' }),
      'question',
      'Question is required',
    );
    expect(server.count('faq_entries')).toBe(before);
  });

  it('rejects a blank answer with "Answer is required" and writes nothing', async () => {
    const before = server.count('faq_entries');
    await expectInvalid(
      await server.send('POST', '/api/faq', { question: 'Why?', answer: '   ' }),
      'answer',
      'Answer is required',
    );
    expect(server.count('faq_entries')).toBe(before);
  });

  it('rejects an unknown category and a non-boolean isActive', async () => {
    const before = server.count('faq_entries');
    await expectInvalid(
      await server.send('POST', '/api/faq', { ...validEntry, category: 'nope' }),
      'category',
      'Choose a category from the list',
    );
    await expectInvalid(
      await server.send('POST', '/api/faq', { ...validEntry, isActive: 'yes' }),
      'isActive',
      'isActive must be true or false',
    );
    expect(server.count('faq_entries')).toBe(before);
  });
});

// The spec's data model: "Categories: Services, Pricing, Service Areas, Process, Scheduling, General".
// A client written against it sends and shows those names; the slugs the API used to speak stay
// accepted on input and are answered as names.
const SPEC_CATEGORIES = ['Services', 'Pricing', 'Service Areas', 'Process', 'Scheduling', 'General'];
const SLUGS = ['services', 'pricing', 'service-areas', 'process', 'scheduling', 'general'];

describe("the spec's category names", () => {
  it('are taken by POST and PUT, answered as they are, and listed by GET', async () => {
    for (const category of SPEC_CATEGORIES) {
      const entry = await create({ ...validEntry, question: `In ${category}?`, category });
      expect(entry.category).toBe(category);
      const moved = await server.send('PUT', `/api/faq/${entry.id}`, { ...validEntry, category });
      expect(moved.status).toBe(200);
      expect((await moved.json()).category).toBe(category);
      expect((await list()).find((e) => e.id === entry.id)?.category).toBe(category);
    }
  });

  it('are what a slug sent by an older client becomes', async () => {
    for (const [i, slug] of SLUGS.entries()) {
      const entry = await create({ ...validEntry, category: slug });
      expect(entry.category).toBe(SPEC_CATEGORIES[i]);
      const stored = server.db.prepare('SELECT category FROM faq_entries WHERE id = ?').get(entry.id);
      expect(stored).toEqual({ category: SPEC_CATEGORIES[i] });
    }
  });

  it('refuse other spellings', async () => {
    for (const category of ['services ', 'SERVICES', 'Service areas', 'service_areas', '']) {
      await expectInvalid(
        await server.send('POST', '/api/faq', { ...validEntry, category }),
        'category',
        'Choose a category from the list',
      );
    }
  });
});

describe('PUT /api/faq/:id', () => {
  it('replaces the fields and answers the updated entry', async () => {
    const entry = await create({ question: 'Q before?', answer: 'A before.' });
    const res = await server.send('PUT', `/api/faq/${entry.id}`, {
      question: 'Q after?',
      answer: 'A after.',
      category: 'Scheduling',
      isActive: false,
    });
    expect(res.status).toBe(200);
    const updated = entrySchema.parse(await res.json());
    expect(updated).toMatchObject({
      id: entry.id,
      question: 'Q after?',
      answer: 'A after.',
      category: 'Scheduling',
      isActive: false,
      createdAt: entry.createdAt,
    });
    expect((await list()).find((e) => e.id === entry.id)).toEqual(updated);
  });

  it('rejects bad input and leaves the entry as it was', async () => {
    const entry = await create({ question: 'Stable?', answer: 'Stable.' });
    await expectInvalid(
      await server.send('PUT', `/api/faq/${entry.id}`, { answer: 'No question' }),
      'question',
      'Question is required',
    );
    await expectInvalid(
      await server.send('PUT', `/api/faq/${entry.id}`, { ...validEntry, answer: '   ' }),
      'answer',
      'Answer is required',
    );
    await expectInvalid(
      await server.send('PUT', `/api/faq/${entry.id}`, { ...validEntry, category: 'nope' }),
      'category',
      'Choose a category from the list',
    );
    expect((await list()).find((e) => e.id === entry.id)).toEqual(entry);
  });

  it('answers 404 for a non-numeric id: it names no record', async () => {
    await expectNotFound(await server.send('PUT', '/api/faq/abc', validEntry));
  });

  it('answers 404 for an unknown id and creates nothing', async () => {
    const before = server.count('faq_entries');
    await expectNotFound(await server.send('PUT', '/api/faq/999999', validEntry));
    expect(server.count('faq_entries')).toBe(before);
  });
});

describe('DELETE /api/faq/:id', () => {
  it('deletes with 204, then 404 on repeat, and the entry is gone from the list', async () => {
    const entry = await create({ question: 'Delete me?', answer: 'Soon.' });
    const before = server.count('faq_entries');
    const res = await server.send('DELETE', `/api/faq/${entry.id}`);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(server.count('faq_entries')).toBe(before - 1);
    expect((await list()).map((e) => e.id)).not.toContain(entry.id);
    await expectNotFound(await server.send('DELETE', `/api/faq/${entry.id}`));
  });

  it('answers 404 for a non-numeric id and an unknown id, deleting nothing', async () => {
    const before = server.count('faq_entries');
    await expectNotFound(await server.send('DELETE', '/api/faq/abc'));
    await expectNotFound(await server.send('DELETE', '/api/faq/424242'));
    expect(server.count('faq_entries')).toBe(before);
  });
});
