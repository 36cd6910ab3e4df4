import { z } from 'zod';

/** A customer photo as staff fetch it; both URLs need a staff session. */
export const photoSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Photo = z.infer<typeof photoSchema>;
