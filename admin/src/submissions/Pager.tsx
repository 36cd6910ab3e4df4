import { Button, ButtonGroup, Classes } from '@blueprintjs/core';

interface PagerProps {
  /** Zero-based. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What the rows are, for the "Showing 1–12 of 5,000 submissions" line. */
  noun: string;
}

/** Pages loaded from the server; the last page is one click away however long the list is. */
export function Pager({ page, pageSize, total, onPage, noun }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  const n = (x: number) => x.toLocaleString('en-US');
  return (
    <nav className="pager" aria-label="Pages">
      <span className={Classes.TEXT_MUTED} aria-live="polite">
        Showing {n(first)}–{n(last)} of {n(total)} {noun} · Page {n(page + 1)} of {n(pages)}
      </span>
      <ButtonGroup>
        <Button
          icon="double-chevron-left"
          aria-label="First page"
          disabled={page === 0}
          onClick={() => onPage(0)}
        />
        <Button icon="chevron-left" text="Previous" disabled={page === 0} onClick={() => onPage(page - 1)} />
        <Button
          endIcon="chevron-right"
          text="Next"
          disabled={page >= pages - 1}
          onClick={() => onPage(page + 1)}
        />
        <Button
          icon="double-chevron-right"
          aria-label="Last page"
          disabled={page >= pages - 1}
          onClick={() => onPage(pages - 1)}
        />
      </ButtonGroup>
    </nav>
  );
}
