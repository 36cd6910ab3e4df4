// The arithmetic of a list the server hands out a page at a time (limit/offset + X-Total-Count).

const count = new Intl.NumberFormat('en-US');

export interface ListPage {
  /** Zero-based page on screen, kept inside the list. */
  page: number;
  /** Zero-based index of the last page (0 for an empty list). */
  last: number;
  /** "Showing 21–40 of 5,000 appointments · Page 2 of 250" */
  text: string;
}

export function listPage({
  page,
  pageSize,
  total,
  noun,
}: {
  page: number;
  pageSize: number;
  total: number;
  noun?: string;
}): ListPage {
  const last = Math.max(0, Math.ceil(total / pageSize) - 1);
  const shown = Math.min(Math.max(page, 0), last);
  const first = total === 0 ? 0 : shown * pageSize + 1;
  const end = Math.min(total, (shown + 1) * pageSize);
  const what = noun ? ` ${noun}` : '';
  return {
    page: shown,
    last,
    text: `Showing ${count.format(first)}–${count.format(end)} of ${count.format(total)}${what} · Page ${count.format(shown + 1)} of ${count.format(last + 1)}`,
  };
}
