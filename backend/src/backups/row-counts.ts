import { setImmediate as turn } from 'node:timers/promises';
import type Database from 'better-sqlite3';

/** Rows in every table of a database (SQLite's own tables aside), by name. */
export function tableRowCounts(db: Database.Database): Record<string, number> {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  return Object.fromEntries(
    tables.map((t) => [
      t,
      db
        .prepare(`SELECT COUNT(*) FROM "${t.replaceAll('"', '""')}"`)
        .pluck()
        .get() as number,
    ]),
  );
}

/**
 * The same counts, one table per turn of the event loop: a backup counts its copy while the
 * server keeps answering and saving, so no request waits for more than one table's count.
 */
export async function tableRowCountsInTurns(db: Database.Database): Promise<Record<string, number>> {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  const counts: Record<string, number> = {};
  for (const t of tables) {
    await turn();
    counts[t] = db
      .prepare(`SELECT COUNT(*) FROM "${t.replaceAll('"', '""')}"`)
      .pluck()
      .get() as number;
  }
  return counts;
}
