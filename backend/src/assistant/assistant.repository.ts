import type { Db } from '../db/database.ts';

/** What the assistant answers from that lives in the database. */
export function assistantRepository(db: Db) {
  const activeFaq = db.prepare('SELECT COUNT(*) AS n FROM faq_entries WHERE is_active = 1');
  return {
    activeFaqEntries: () => (activeFaq.get() as { n: number }).n,
  };
}
export type AssistantRepository = ReturnType<typeof assistantRepository>;
