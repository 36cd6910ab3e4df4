import { z } from 'zod';
import { requiredText } from './common.ts';
import { FAQ_CATEGORIES, FAQ_CATEGORY_SLUGS, type FaqCategory } from './enums.ts';

const FAQ_CATEGORY_SLUG_LIST = Object.keys(FAQ_CATEGORY_SLUGS) as [
  keyof typeof FAQ_CATEGORY_SLUGS,
  ...(keyof typeof FAQ_CATEGORY_SLUGS)[],
];

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
  // The spec's name ("Service Areas"), or the slug older clients send ("service-areas").
  category: z
    .union(
      [
        z.enum(FAQ_CATEGORIES),
        z.enum(FAQ_CATEGORY_SLUG_LIST).transform((slug): FaqCategory => FAQ_CATEGORY_SLUGS[slug]),
      ],
      { error: 'Choose a category from the list' },
    )
    .default('General'),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
});
export type FaqEntryInput = z.input<typeof faqEntryInputSchema>;
