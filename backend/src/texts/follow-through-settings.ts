import { z } from 'zod';
import type { SettingsRepository } from '../settings/settings.repository.ts';

// The follow-through switches staff set in Settings (stored as one JSON value in `settings`).
// Texts may use the fields {name} (the customer's first name, or nothing) and {link}.

export const followThroughSettingsSchema = z.object({
  /** Text a caller the photo-quote link after a missed, abandoned or call-back call. */
  missedCallTextBack: z.boolean(),
  /** After a visit is marked completed: one review request, the same for every customer. */
  reviewRequests: z.boolean(),
  /** Where customers leave a review (a Google Business Profile review link); none = no requests. */
  reviewLink: z.union([z.literal(''), z.url({ protocol: /^https$/, error: 'Must be an https:// link' })]),
  reviewText: z.string().trim().min(1, 'Type the text of the review request').max(480),
  /** Eleven months after a house wash: offer the next one. */
  reserviceReminders: z.boolean(),
  reserviceText: z.string().trim().min(1, 'Type the text of the reminder').max(480),
});
export type FollowThroughSettings = z.infer<typeof followThroughSettingsSchema>;

/** On by default: each acts only when texting (or e-mail) is configured. */
export const DEFAULT_FOLLOW_THROUGH: FollowThroughSettings = {
  missedCallTextBack: true,
  reviewRequests: true,
  reviewLink: '',
  reviewText: 'thank you for choosing us{name}! If you have a minute, a review helps a lot: {link}',
  reserviceReminders: true,
  reserviceText:
    "it's been almost a year since we washed your house{name}. Want us to book the next one? Reply or call {phone}.",
};
const KEY = 'follow-through';

/** Fills a template's fields: {name} becomes ", Dana" (or nothing), {link} and {phone} as given. */
export const fillTemplate = (text: string, fields: { name: string | null; link?: string; phone?: string }) =>
  text
    .replaceAll('{name}', fields.name ? `, ${fields.name}` : '')
    .replaceAll('{link}', fields.link ?? '')
    .replaceAll('{phone}', fields.phone ?? '');

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
