import { appointmentRepository } from '../appointments/appointment.repository.ts';
import { assistantRepository } from '../assistant/assistant.repository.ts';
import { createAssistant, type AssistantDeps } from '../assistant/assistant.ts';
import type { Assistant } from '../assistant/assistant-turn.ts';
import type { Db } from '../db/database.ts';
import { faqRepository } from '../faq/faq.repository.ts';
import { leadRepository } from '../leads/lead.repository.ts';
import { photoRepository } from '../photos/photo.repository.ts';
import { settingsRepository } from '../settings/settings.repository.ts';

// The assistant core on a test server's database, called directly as the channels call it, and
// the rows a turn needs (a call in progress, an FAQ answer).

/** The assistant on `server`'s database, with the test's settings, clock and pause. */
export const assistantOn = (
  server: { db: Db },
  deps: Pick<AssistantDeps, 'config' | 'clock' | 'pause'>,
): Assistant =>
  createAssistant({
    repo: assistantRepository(server.db, { faq: faqRepository(server.db) }),
    settings: settingsRepository(server.db),
    faq: faqRepository(server.db),
    appointments: appointmentRepository(server.db),
    leads: leadRepository(server.db, photoRepository(server.db)),
    ...deps,
  });

/** A call from `phone` in progress since Monday 23 November 2026, 9:30 AM in California; its id. */
export const newCall = (server: { db: Db }, phone = '+17075550123') =>
  Number(
    server.db
      .prepare(
        `INSERT INTO calls (call_sid, phone_number, status, created_at, updated_at)
        VALUES (?, ?, 'in-progress', '2026-11-23T17:30:00Z', '2026-11-23T17:30:00Z')`,
      )
      .run(`CA${Math.random().toString(16).slice(2).padEnd(32, '0')}`, phone).lastInsertRowid,
  );

/** An FAQ entry as staff would add it; its id. */
export const addFaq = (
  server: { db: Db },
  question: string,
  answer: string,
  category = 'General',
  active = true,
) =>
  Number(
    server.db
      .prepare(
        `INSERT INTO faq_entries (question, answer, category, is_active, created_at, updated_at)
        VALUES (?, ?, ?, ?, '2026-01-01', '2026-01-01')`,
      )
      .run(question, answer, category, active ? 1 : 0).lastInsertRowid,
  );
