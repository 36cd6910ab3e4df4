import { expect, it } from 'vitest';
import { faqEntrySchema } from '@washdesk/contract';
import { databaseBefore } from '../test/database-before.ts';
import { faqRepository } from './faq.repository.ts';

// Migration 0017 renames the slugs earlier versions stored ("service-areas") to the spec's names
// ("Service Areas"), so what GET /api/faq answers for an old database is what the spec says.

it("renames every stored slug to the spec's category name", () => {
  const old = databaseBefore(17);
  try {
    const insert = old.db
      .prepare(`INSERT INTO faq_entries (question, answer, category, created_at, updated_at)
      VALUES (?, 'A.', ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`);
    const slugs = ['services', 'pricing', 'service-areas', 'process', 'scheduling', 'general'];
    for (const slug of slugs) insert.run(`About ${slug}?`, slug);

    old.upgrade();

    const entries = faqEntrySchema.array().parse(faqRepository(old.db).list());
    expect(Object.fromEntries(entries.map((e) => [e.question, e.category]))).toEqual({
      'About services?': 'Services',
      'About pricing?': 'Pricing',
      'About service-areas?': 'Service Areas',
      'About process?': 'Process',
      'About scheduling?': 'Scheduling',
      'About general?': 'General',
    });
  } finally {
    old.close();
  }
});
