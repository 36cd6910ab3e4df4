import type { Health, PublicProfile } from '@washdesk/contract';
import type { Config } from '../config.ts';
import { APP_VERSION } from '../version.ts';
import { publicProfile } from './public-profile.ts';
import type { ProfileRepository } from './profile.repository.ts';

/** What the public pages show of the business, and whether this server is healthy. */
export function profileService(config: Config, repository: ProfileRepository) {
  return {
    publicProfile: (): PublicProfile => publicProfile(config),
    health(): Health {
      let database: Health['database'];
      try {
        database = { ok: true, migrations: repository.appliedMigrations() };
      } catch {
        database = { ok: false, migrations: 0 };
      }
      return { ok: database.ok, database, version: APP_VERSION };
    },
  };
}
export type ProfileService = ReturnType<typeof profileService>;
