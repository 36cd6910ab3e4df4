import {
  DEFAULT_AI_SETTINGS,
  aiSettingsSchema,
  type AiSettings,
  type CommonResponse,
  type CommonResponseId,
} from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';

const AI_SETTINGS_KEY = 'ai';

export function settingsRepository(db: Db) {
  const read = db.prepare('SELECT value FROM settings WHERE key = ?');
  const write = db.prepare(`INSERT INTO settings (key, value, updated_at) VALUES (@key, @value, @now)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`);
  const responses = db.prepare(
    'SELECT id, title, content, category, updated_at FROM common_responses ORDER BY position',
  );
  const updateResponse = db.prepare(
    'UPDATE common_responses SET content = @content, updated_at = @now WHERE id = @id',
  );
  const oneResponse = db.prepare(
    'SELECT id, title, content, category, updated_at FROM common_responses WHERE id = ?',
  );
  // Changes whenever a response is edited: the assistant rebuilds its search index only then.
  const responsesVersion = db.prepare<[], { version: string }>(
    "SELECT IFNULL(MAX(updated_at), '') AS version FROM common_responses",
  );
  type ResponseRow = {
    id: CommonResponseId;
    title: string;
    content: string;
    category: string;
    updated_at: string;
  };
  const toResponse = (r: ResponseRow): CommonResponse => ({
    id: r.id,
    title: r.title,
    content: r.content,
    category: r.category,
    updatedAt: r.updated_at,
  });
  return {
    aiSettings(): AiSettings {
      const row = read.get(AI_SETTINGS_KEY) as { value: string } | undefined;
      // A stored value from an older shape falls back field by field to the defaults.
      const stored = row ? aiSettingsSchema.partial().safeParse(JSON.parse(row.value)) : undefined;
      return { ...DEFAULT_AI_SETTINGS, ...(stored?.success ? stored.data : {}) };
    },
    saveAiSettings(settings: AiSettings) {
      write.run({ key: AI_SETTINGS_KEY, value: JSON.stringify(settings), now: nowIso() });
      return settings;
    },
    /** Another feature's settings, stored under its own key (texts/ keeps its switches here). */
    readJson(key: string): unknown {
      const row = read.get(key) as { value: string } | undefined;
      return row ? JSON.parse(row.value) : undefined;
    },
    writeJson(key: string, value: unknown) {
      write.run({ key, value: JSON.stringify(value), now: nowIso() });
    },
    commonResponses: () => (responses.all() as ResponseRow[]).map(toResponse),
    commonResponsesVersion: () => responsesVersion.get()!.version,
    updateCommonResponse(id: string, content: string) {
      if (!updateResponse.run({ id, content, now: nowIso() }).changes) return undefined;
      return toResponse(oneResponse.get(id) as ResponseRow);
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;
