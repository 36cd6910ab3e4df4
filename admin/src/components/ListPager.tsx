import { Button, ButtonGroup, Classes } from '@blueprintjs/core';
import { listPage } from './list-page.ts';
import './list-pager.css';

interface ListPagerProps {
  /** Names the pager for screen readers (a screen may have more than one list). */
  label: string;
  /** Zero-based page on screen. */
  page: number;
  pageSize: number;
  /** Rows in the whole list (the server's X-Total-Count). */
  total: number;
  onPage: (page: number) => void;
  /** What the rows are, e.g. "submissions" in "Showing 1–12 of 5,000 submissions". */
  noun?: string;
  /** A page is on its way: the buttons wait so a second click cannot skip one. */
  busy?: boolean;
}

/** The one pager of the admin: the last page is one click away however long the list is. */
export function ListPager({ label, page, pageSize, total, onPage, noun, busy = false }: ListPagerProps) {
  const shown = listPage({ page, pageSize, total, noun });
  const atStart = busy || shown.page === 0;
  const atEnd = busy || shown.page >= shown.last;
  return (
    <nav className="list-pager" aria-label={label}>
      <span className={Classes.TEXT_MUTED} aria-live="polite">
        {shown.text}
      </span>
      <ButtonGroup>
        <Button
          icon="double-chevron-left"
          aria-label="First page"
          disabled={atStart}
          onClick={() => onPage(0)}
        />
        <Button
          icon="chevron-left"
          text="Previous"
          disabled={atStart}
          onClick={() => onPage(shown.page - 1)}
        />
        <Button endIcon="chevron-right" text="Next" disabled={atEnd} onClick={() => onPage(shown.page + 1)} />
        <Button
          icon="double-chevron-right"
          aria-label="Last page"
          disabled={atEnd}
          onClick={() => onPage(shown.last)}
        />
      </ButtonGroup>
    </nav>
  );
}
