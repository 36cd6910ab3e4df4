import { useLayoutEffect, useRef } from 'react';

/** Within this many pixels of the bottom, staff are reading the newest texts: new ones follow. */
const NEAR_BOTTOM_PX = 48;

/**
 * A conversation opens at its newest message, as a phone shows it, not at the oldest one. When a
 * text arrives while it is open, the list follows only if staff were already at the bottom, so
 * reading back through older texts is never interrupted. Returns the ref for the scrolling list.
 */
export function useScrollToNewest(conversation: unknown, count: number) {
  const box = useRef<HTMLDivElement>(null);
  const opened = useRef<unknown>(undefined);
  const atBottom = useRef(true);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (opened.current !== conversation || atBottom.current) el.scrollTo({ top: el.scrollHeight });
    opened.current = conversation;
    const onScroll = () => {
      atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX;
    };
    onScroll();
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [conversation, count]);
  return box;
}
