import { z } from 'zod';
import type { SettingsRepository } from '../settings/settings.repository.ts';

// The follow-through switches staff set in Settings (stored as one JSON value in `settings`).

export const followThroughSettingsSchema = z.object({
  /** Text a caller the photo-quote link after a missed, abandoned or call-back call. */
  missedCallTextBack: z.boolean(),
});
export type FollowThroughSettings = z.infer<typeof followThroughSettingsSchema>;

/** On by default: it only acts when texting is configured. */
export const DEFAULT_FOLLOW_THROUGH: FollowThroughSettings = { missedCallTextBack: true };
const KEY = 'follow-through';

export function followThroughSettings(settings: SettingsRepository) {
  return {
    read(): FollowThroughSettings {
      const stored = followThroughSettingsSchema.partial().safeParse(settings.readJson(KEY));
      return { ...DEFAULT_FOLLOW_THROUGH, ...(stored.success ? stored.data : {}) };
    },
    save(value: FollowThroughSettings) {
      settings.writeJson(KEY, value);
      return value;
    },
  };
}
