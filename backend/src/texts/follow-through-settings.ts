import {
  DEFAULT_FOLLOW_THROUGH,
  followThroughSettingsSchema,
  quietHoursSchema,
  type FollowThroughSettings,
  type QuietHours,
} from '@washdesk/contract';
import type { SettingsRepository } from '../settings/settings.repository.ts';

// The automatic messages' switches, timings and texts staff set in Settings (one JSON value in
// `settings`). Their schema, fields and defaults are the contract's; every feature reads them
// again as it plans or sends, so a change applies to what is still to go.

const KEY = 'follow-through';

export function followThroughSettings(settings: SettingsRepository) {
  return {
    read(): FollowThroughSettings {
      // Stored values are read field by field: one that no longer passes keeps its default.
      const stored = settings.readJson(KEY);
      const result: Record<string, unknown> = { ...DEFAULT_FOLLOW_THROUGH };
      if (stored && typeof stored === 'object')
        for (const [field, value] of Object.entries(stored)) {
          const rule = followThroughSettingsSchema.shape[field as keyof FollowThroughSettings];
          const parsed = rule?.safeParse(value);
          if (parsed?.success) result[field] = parsed.data;
        }
      return result as FollowThroughSettings;
    },
    /** Only the quiet hours: the scheduler asks for each due message, so the texts are not re-checked. */
    quietHours(): QuietHours {
      const stored = settings.readJson(KEY) as { quietHours?: unknown } | null;
      const parsed = quietHoursSchema.safeParse(stored?.quietHours);
      return parsed.success ? parsed.data : DEFAULT_FOLLOW_THROUGH.quietHours;
    },
    save(value: FollowThroughSettings) {
      settings.writeJson(KEY, value);
      return value;
    },
  };
}
export type FollowThroughSettingsStore = ReturnType<typeof followThroughSettings>;
