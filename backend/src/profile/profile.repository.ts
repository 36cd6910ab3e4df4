import type { Db } from '../db/database.ts';

/** The database facts the health check reports. */
export function profileRepository(db: Db) {
  const migrations = db.prepare('SELECT COUNT(*) AS n FROM schema_migrations');
  return {
    /** Throws when the database cannot be read; the service turns that into "not ok". */
    appliedMigrations: () => (migrations.get() as { n: number }).n,
  };
}
export type ProfileRepository = ReturnType<typeof profileRepository>;
