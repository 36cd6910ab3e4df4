import { expect } from 'vitest';
import type { Db } from '../db/database.ts';
import type { Client } from './test-server.ts';

// AI Settings as most assistant tests want them: plain wording, no offers and the shortest
// Response Delay, so every sentence the assistant says is one the test knows.

export const PLAIN_AI_SETTINGS = {
  friendlyTone: false,
  autoScheduleQuotes: false,
  photoRequestPrompts: false,
  messengerAutoReply: true,
  responseDelay: 1,
};

/** Saves AI Settings through the API as the owner does: plain, but for `change`. */
export async function saveAiSettings(owner: Client, change: Record<string, unknown> = {}) {
  const res = await owner.send('PUT', '/api/settings/ai', { ...PLAIN_AI_SETTINGS, ...change });
  expect(res.status).toBe(200);
}

/** Writes AI Settings straight to the database (tests of the assistant without HTTP): plain, but for `change`. */
export function storeAiSettings(server: { db: Db }, change: Record<string, unknown> = {}) {
  server.db
    .prepare(
      `INSERT INTO settings (key, value, updated_at) VALUES ('ai', ?, '2026-01-01')
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    )
    .run(JSON.stringify({ ...PLAIN_AI_SETTINGS, ...change }));
}
