import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { BackupService } from '../backups/backup-service.ts';
import type { Clock } from '../time.ts';
import { profileRepository } from './profile.repository.ts';
import { profileRoutes } from './profile.routes.ts';
import { profileService } from './profile.service.ts';

/** The business profile (public) and the server's own state for staff. */
export function profileFeature(deps: { db: Db; config: Config; backups: BackupService; clock?: Clock }) {
  const service = profileService(deps.config, profileRepository(deps.db), deps.backups, deps.clock);
  return { router: profileRoutes(service) };
}
