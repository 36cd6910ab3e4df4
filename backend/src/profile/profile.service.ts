import type { Health, PublicProfile } from '@washdesk/contract';
import type { Config } from '../config.ts';
import { APP_VERSION } from '../version.ts';
import { publicProfile } from './public-profile.ts';
import type { ProfileRepository } from './profile.repository.ts';
import type { BackupService } from '../backups/backup-service.ts';
import type { Clock } from '../time.ts';

/** What the public pages show of the business, and whether this server is healthy. */
export function profileService(
  config: Config,
  repository: ProfileRepository,
  backups?: Pick<BackupService, 'status'>,
  clock: Clock = Date.now,
) {
  return {
    publicProfile: (): PublicProfile => publicProfile(config),
    health(): Health {
      let database: Health['database'];
      try {
        database = { ok: true, migrations: repository.appliedMigrations() };
      } catch {
        database = { ok: false, migrations: 0 };
      }
      // The backup's age is reported, not judged: a new server has none yet and is still healthy.
      const status = backups?.status();
      const lastAt = status?.lastBackup?.at ?? null;
      return {
        ok: database.ok,
        database,
        version: APP_VERSION,
        commit: config.gitCommit,
        backup: status && {
          lastAt,
          ageMinutes: lastAt ? Math.floor((clock() - Date.parse(lastAt)) / 60_000) : null,
          verifiedOk: status.lastVerification?.ok ?? null,
        },
      };
    },
  };
}
export type ProfileService = ReturnType<typeof profileService>;
