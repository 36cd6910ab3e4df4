import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { Clock } from '../time.ts';
import { assistantChannels } from './assistant-channels.ts';
import { assistantStatusService } from './assistant-status.service.ts';
import { assistantRepository } from './assistant.repository.ts';
import { assistantRoutes } from './assistant.routes.ts';
import { createAssistant, type Pause } from './assistant.ts';

/**
 * The one conversation core for every channel that talks with customers, `channels` where those
 * channels report themselves, and the assistant's status for staff.
 */
export function assistantFeature(deps: {
  db: Db;
  config: Config;
  settings: SettingsRepository;
  appointments: AppointmentRepository;
  events: EventBus;
  /** The site's public address now (an ngrok tunnel may change it). */
  publicUrl: () => string;
  clock?: Clock;
  pause?: Pause;
}) {
  const repo = assistantRepository(deps.db);
  const channels = assistantChannels();
  const assistant = createAssistant({ ...deps, repo });
  const status = assistantStatusService(deps.config, channels, repo, () => deps.settings.aiSettings());
  return { assistant, channels, router: assistantRoutes(status) };
}
