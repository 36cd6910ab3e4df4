import { FOLLOW_UP_HOURS, SERVICE_RADIUS_MILES, type Health, type PublicProfile } from '@washdesk/contract';
import type { Config } from '../config.ts';
import { APP_VERSION } from '../version.ts';
import type { ProfileRepository } from './profile.repository.ts';

/** What the public pages show of the business, and whether this server is healthy. */
export function profileService(config: Config, repository: ProfileRepository) {
  return {
    publicProfile: (): PublicProfile => ({
      businessName: config.business.name,
      phone: config.business.phone,
      email: config.business.email,
      serviceArea: config.business.serviceArea,
      schedulingCalendarUrl: config.business.schedulingCalendarUrl,
      serviceRadiusMiles: SERVICE_RADIUS_MILES,
      followUpHours: FOLLOW_UP_HOURS,
      // The same test the quote service's analyzer is chosen by (analyzerFromConfig).
      instantQuotes: config.providers.openai.apiKey ? 'ai-model' : 'local-estimate',
    }),
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
