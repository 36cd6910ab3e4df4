import { Button, ButtonGroup, Classes } from '@blueprintjs/core';

interface ListPagerProps {
  /** Rows in the whole list (the server's X-Total-Count). */
  total: number;
  offset: number;
  limit: number;
  onOffsetChange: (offset: number) => void;
  /** Names the pager for screen readers when a screen has more than one list. */
  label: string;
}

const count = new Intl.NumberFormat('en-US');

/** Pages through a list the server hands out a page at a time; the last page is one click away. */
export function ListPager({ total, offset, limit, onOffsetChange, label }: ListPagerProps) {
  if (total <= limit) return null;
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.ceil(total / limit);
  const go = (p: number) => onOffsetChange((Math.min(Math.max(p, 1), pages) - 1) * limit);
  return (
    <nav className="list-pager" aria-label={label}>
      <span className={Classes.TEXT_MUTED}>
        Showing {count.format(offset + 1)}–{count.format(Math.min(offset + limit, total))} of{' '}
        {count.format(total)}
      </span>
      <ButtonGroup>
        <Button
          icon="double-chevron-left"
          aria-label="First page"
          disabled={page === 1}
          onClick={() => go(1)}
        />
        <Button icon="chevron-left" text="Previous" disabled={page === 1} onClick={() => go(page - 1)} />
        <Button disabled text={`Page ${count.format(page)} of ${count.format(pages)}`} />
        <Button endIcon="chevron-right" text="Next" disabled={page === pages} onClick={() => go(page + 1)} />
        <Button
          icon="double-chevron-right"
          aria-label="Last page"
          disabled={page === pages}
          onClick={() => go(pages)}
        />
      </ButtonGroup>
    </nav>
  );
}
