import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { settingsRepository } from './settings.repository.ts';
import { settingsRoutes } from './settings.routes.ts';

/** Settings staff change at run time (AI, notifications, …); `settings` is read by many features. */
export function settingsFeature(deps: { db: Db; config: Config; publicUrl: () => string }) {
  const settings = settingsRepository(deps.db);
  return { settings, router: settingsRoutes(settings, deps.config, deps.publicUrl) };
}
