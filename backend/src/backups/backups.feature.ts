import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { UserRepository } from '../auth/user.repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Clock } from '../time.ts';
import { mailOwners } from './backup-mail.ts';
import { backupService } from './backup-service.ts';
import type { Timer } from './backup-timer.ts';
import { backupRoutes } from './backup.routes.ts';
import type { FeatureLifecycle } from '../feature-lifecycle.ts';

/** Backups on a timer (startServer starts and stops it), their status for staff. */
export function backupsFeature(deps: {
  db: Db;
  config: Config;
  users: UserRepository;
  events: EventBus;
  logger: Logger;
  clock?: Clock;
  timer?: Timer;
}) {
  const backups = backupService({
    db: deps.db,
    config: deps.config,
    clock: deps.clock,
    timer: deps.timer,
    bus: deps.events,
    mailStaff: mailOwners(deps.config, deps.users, deps.logger),
    logger: deps.logger,
  });
  // A backup under way finishes (its copy needs the open database) before the database closes.
  const lifecycle: FeatureLifecycle = {
    name: 'backups',
    start: () => backups.start(),
    stop: () => backups.stop(),
  };
  return { backups, router: backupRoutes(backups), lifecycle };
}
