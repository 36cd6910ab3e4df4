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
