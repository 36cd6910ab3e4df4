import { z } from 'zod';
import { requiredText } from './common.ts';
import { FAQ_CATEGORIES } from './enums.ts';

export const faqEntrySchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  category: z.enum(FAQ_CATEGORIES),
  /** Only active entries are used by the assistant. */
  isActive: z.boolean(),
  usageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FaqEntry = z.infer<typeof faqEntrySchema>;

export const faqEntryInputSchema = z.object({
  question: requiredText('Question is required', 500),
  answer: requiredText('Answer is required', 4000, { multiline: true }),
  category: z.enum(FAQ_CATEGORIES, { error: 'Choose a category from the list' }).default('general'),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
});
export type FaqEntryInput = z.input<typeof faqEntryInputSchema>;
