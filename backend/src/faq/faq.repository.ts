import type { FaqEntry, faqEntryInputSchema } from '@washdesk/contract';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';

export type FaqEntryInput = z.output<typeof faqEntryInputSchema>;

/** An active entry as the assistant searches it. */
export interface AnswerableFaqEntry {
  id: number;
  question: string;
  answer: string;
  category: string;
}

interface FaqRow {
  id: number;
  question: string;
  answer: string;
  category: FaqEntry['category'];
  is_active: number;
  usage_count: number;
  created_at: string;
  updated_at: string;
}

const toEntry = (r: FaqRow): FaqEntry => ({
  id: r.id,
  question: r.question,
  answer: r.answer,
  category: r.category,
  isActive: r.is_active === 1,
  usageCount: r.usage_count,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function faqRepository(db: Db) {
  const all = db.prepare('SELECT * FROM faq_entries ORDER BY created_at DESC, id DESC');
  const one = db.prepare('SELECT * FROM faq_entries WHERE id = ?');
  const insert =
    db.prepare(`INSERT INTO faq_entries (question, answer, category, is_active, created_at, updated_at)
    VALUES (@question, @answer, @category, @isActive, @now, @now)`);
  const update =
    db.prepare(`UPDATE faq_entries SET question = @question, answer = @answer, category = @category,
    is_active = @isActive, updated_at = @now WHERE id = @id`);
  const remove = db.prepare('DELETE FROM faq_entries WHERE id = ?');
  // What the assistant answers from: the active entries, and a version that changes whenever an
  // entry is added, edited, switched on or off or deleted (its search index is rebuilt only then).
  const activeCount = db.prepare<[], { n: number }>(
    'SELECT COUNT(*) AS n FROM faq_entries WHERE is_active = 1',
  );
  const answerable = db.prepare<[], AnswerableFaqEntry>(
    'SELECT id, question, answer, category FROM faq_entries WHERE is_active = 1 ORDER BY id',
  );
  const version = db.prepare<[], { version: string }>(`SELECT
    COUNT(*) || ':' || IFNULL(MAX(updated_at), '') || ':' || IFNULL(SUM(id * (1 + is_active)), 0) AS version
    FROM faq_entries`);
  const countUse = db.prepare(
    'UPDATE faq_entries SET usage_count = usage_count + 1 WHERE id = ? AND is_active = 1',
  );
  const get = (id: number) => {
    const row = one.get(id) as FaqRow | undefined;
    return row && toEntry(row);
  };
  const params = (input: FaqEntryInput) => ({ ...input, isActive: input.isActive ? 1 : 0, now: nowIso() });
  return {
    // The knowledge base is a few hundred entries at most; the screen shows them all.
    list: () => (all.all() as FaqRow[]).map(toEntry),
    get,
    create(input: FaqEntryInput) {
      return get(Number(insert.run(params(input)).lastInsertRowid))!;
    },
    update(id: number, input: FaqEntryInput) {
      return update.run({ ...params(input), id }).changes ? get(id) : undefined;
    },
    remove: (id: number) => remove.run(id).changes > 0,

    // The assistant's reading and its usage count (the screen's "used N times").
    activeCount: () => activeCount.get()!.n,
    answerable: () => answerable.all(),
    version: () => version.get()!.version,
    /** An answer used the entry: one more use (an entry switched off meanwhile keeps its count). */
    countUse: (id: number) => void countUse.run(id),
  };
}
export type FaqRepository = ReturnType<typeof faqRepository>;
