import type { Response } from 'express';
import { z } from 'zod';

/**
 * A key-based page (issue 38), beside the spec's `limit`/`offset`: `?cursor=` names the last row
 * a client has (its `createdAt` and `id`), and the next page starts right after it, read from the
 * list's index wherever it is in the list, where an offset walks every row before it. The answer
 * carries the cursor of its own last row in `X-Next-Cursor` (absent on the last page).
 */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export interface RowKey {
  createdAt: string;
  id: number;
}

export const encodeCursor = (key: RowKey) =>
  Buffer.from(`${key.createdAt}|${key.id}`, 'utf8').toString('base64url');

export const keyCursorSchema = z.object({
  cursor: z
    .string()
    .max(200)
    .optional()
    .transform((value, ctx): RowKey | undefined => {
      if (value === undefined) return undefined;
      const [createdAt, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
      if (createdAt && id && /^\d{1,15}$/.test(id) && !Number.isNaN(Date.parse(createdAt)))
        return { createdAt, id: Number(id) };
      ctx.addIssue({ code: 'custom', message: 'This cursor is not one a list gave' });
      return z.NEVER;
    }),
});

/**
 * Says where the next page starts, when this one was full (a shorter page is the last). A list
 * ordered by another time than its creation names that time as the key (e.g. a customer's last
 * activity).
 */
export function sendNextCursor<T extends { id: number }>(
  res: Response,
  rows: T[],
  limit: number,
  keyOf: (row: T) => string = (row) => (row as unknown as { createdAt: string }).createdAt,
) {
  const last = rows.at(-1);
  if (last && rows.length === limit)
    res.setHeader(NEXT_CURSOR_HEADER, encodeCursor({ createdAt: keyOf(last), id: last.id }));
}
