import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { recheckSession } from './session.queries.ts';

/**
 * Re-checks the session whenever staff move to another page (not on the first render, which
 * has just fetched it). A session that ended elsewhere then shows the sign-in screen at the
 * next page change, on the page they were going to, so signing in again lands them there.
 */
export function useSessionCheckOnNavigation(): void {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    void recheckSession(queryClient);
  }, [queryClient, pathname]);
}
