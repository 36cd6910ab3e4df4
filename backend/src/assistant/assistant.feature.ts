import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { FaqRepository } from '../faq/faq.repository.ts';
import type { LeadRepository } from '../leads/lead.repository.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { Clock } from '../time.ts';
import { assistantChannels } from './assistant-channels.ts';
import { assistantStatusService } from './assistant-status.service.ts';
import { assistantRepository } from './assistant.repository.ts';
import { assistantRoutes } from './assistant.routes.ts';
import { createAssistant, type Pause } from './assistant.ts';
import { knownCallers } from './known-caller.ts';
import type { VisitChangeTexts } from './visit-change-texts.ts';

/**
 * The one conversation core for every channel that talks with customers, `channels` where those
 * channels report themselves, and the assistant's status for staff. It answers from the FAQ and
 * the common responses through their owners and keeps only its memory and log itself.
 */
export function assistantFeature(deps: {
  db: Db;
  config: Config;
  settings: SettingsRepository;
  faq: Pick<FaqRepository, 'answerable' | 'version' | 'countUse' | 'activeCount'>;
  appointments: AppointmentRepository;
  leads: Pick<LeadRepository, 'noteOnMessengerLead'>;
  events: EventBus;
  /** The site's public address now (an ngrok tunnel may change it). */
  publicUrl: () => string;
  clock?: Clock;
  pause?: Pause;
  /** Texts a customer the visit they changed with the assistant (the outbox, handed over later). */
  visitTexts?: VisitChangeTexts;
}) {
  const repo = assistantRepository(deps.db, { faq: deps.faq });
  const channels = assistantChannels();
  const assistant = createAssistant({ ...deps, repo, known: knownCallers(deps.db) });
  const status = assistantStatusService(deps.config, channels, deps.faq, () => deps.settings.aiSettings());
  return { assistant, channels, router: assistantRoutes(status) };
}
