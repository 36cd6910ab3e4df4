import type { Db } from '../db/database.ts';

/** A record kept apart from this one although a detail is shared (migration 0015's trigger). */
export interface DuplicateRef {
  otherId: number;
  reason: string;
  suggestedAt: string;
}

// A long chain of records behind one number (a switchboard, the volume seed) shows its newest.
const SHOWN = 20;

/** "Possibly the same as …": the suggestions the matching wrote, dismissed or carried by a merge. */
export function customerDuplicates(db: Db) {
  const open = db.prepare(`SELECT d.other_id AS otherId, d.reason, d.created_at AS suggestedAt FROM (
      SELECT other_id, reason, created_at FROM customer_duplicates WHERE customer_id = @id AND dismissed_at IS NULL
      UNION ALL
      SELECT customer_id, reason, created_at FROM customer_duplicates WHERE other_id = @id AND dismissed_at IS NULL
    ) d JOIN customers c ON c.id = d.other_id AND c.merged_into IS NULL
    ORDER BY d.created_at DESC, d.other_id DESC LIMIT ${SHOWN}`);
  const dismiss = db.prepare(`UPDATE customer_duplicates SET dismissed_at = @at, dismissed_by = @by
    WHERE customer_id = min(@id, @otherId) AND other_id = max(@id, @otherId) AND dismissed_at IS NULL`);
  // A merged record's suggestions become the kept record's (a dismissal too); its pair with the
  // kept record is settled by the merge itself.
  const carry = db.prepare(`INSERT OR IGNORE INTO customer_duplicates
      (customer_id, other_id, reason, created_at, dismissed_at, dismissed_by)
    SELECT min(@into, x), max(@into, x), reason, created_at, dismissed_at, dismissed_by FROM (
      SELECT other_id AS x, * FROM customer_duplicates WHERE customer_id = @from
      UNION ALL
      SELECT customer_id AS x, * FROM customer_duplicates WHERE other_id = @from
    ) WHERE x <> @into`);
  const drop = db.prepare('DELETE FROM customer_duplicates WHERE customer_id = @from OR other_id = @from');

  return {
    open: (id: number) => open.all({ id }) as DuplicateRef[],
    /** "Not the same person": true when there was such an open suggestion. */
    dismiss: (id: number, otherId: number, by: number, at: string) =>
      dismiss.run({ id, otherId, by, at }).changes > 0,
    merged(into: number, from: number) {
      carry.run({ into, from });
      drop.run({ from });
    },
  };
}
