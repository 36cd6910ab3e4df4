import { Button, ButtonGroup, Classes } from '@blueprintjs/core';
import { formatCount } from '../ai-responses/ai-response-figures.ts';

interface ListPagerProps {
  /** Zero-based page on screen. */
  page: number;
  pageSize: number;
  total: number;
  /** A page is on its way: the buttons wait so a second click cannot skip one. */
  busy: boolean;
  onPage: (page: number) => void;
  label: string;
}

/** Paging for lists the server answers page by page (limit/offset + X-Total-Count). */
export function ListPager({ page, pageSize, total, busy, onPage, label }: ListPagerProps) {
  const last = Math.max(0, Math.ceil(total / pageSize) - 1);
  const first = total === 0 ? 0 : page * pageSize + 1;
  const end = Math.min(total, (page + 1) * pageSize);
  return (
    <nav className="list-pager" aria-label={label}>
      <span className={Classes.TEXT_MUTED} aria-live="polite">
        {formatCount(first)}–{formatCount(end)} of {formatCount(total)}
      </span>
      <ButtonGroup>
        <Button
          icon="double-chevron-left"
          aria-label="First page"
          disabled={busy || page === 0}
          onClick={() => onPage(0)}
        />
        <Button
          icon="chevron-left"
          text="Previous"
          disabled={busy || page === 0}
          onClick={() => onPage(page - 1)}
        />
        <Button
          endIcon="chevron-right"
          text="Next"
          disabled={busy || page >= last}
          onClick={() => onPage(page + 1)}
        />
        <Button
          icon="double-chevron-right"
          aria-label="Last page"
          disabled={busy || page >= last}
          onClick={() => onPage(last)}
        />
      </ButtonGroup>
    </nav>
  );
}
