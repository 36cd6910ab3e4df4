import { useEffect } from 'react';
import { HotkeysProvider } from '@blueprintjs/core';
import { ADMIN_BASE } from '@washdesk/contract';
import { BrowserRouter, Route, Routes } from 'react-router';
import { DashboardScreen } from './dashboard/DashboardScreen.tsx';
import { NotFoundScreen } from './screens/NotFoundScreen.tsx';
import { CustomerScreen, SCREEN_ROUTES } from './screens/admin-screens.ts';
import { useSessionCheckOnNavigation } from './session/use-session-check-on-navigation.ts';
import { routerPath } from './shell/admin-pages.ts';
import { AdminShell } from './shell/AdminShell.tsx';
import './shell/bundled-icons.ts';
import './staff-styles.ts';

/** Re-checks the session at each page change (it needs the router, which only signed-in staff get). */
function SessionCheckOnNavigation() {
  useSessionCheckOnNavigation();
  return null;
}

/**
 * Everything behind the sign-in: the router, the shell and its screens. AdminApp loads it as
 * its own chunk, so the sign-in screen (a first visit's first screen) carries none of it.
 */
export function SignedInAdmin() {
  // The other screens follow once this one is up, so moving between them never waits.
  useEffect(() => {
    const timer = setTimeout(() => {
      for (const [, screen] of SCREEN_ROUTES) void screen.preload().catch(() => undefined);
    }, 1500);
    return () => clearTimeout(timer);
  }, []);
  return (
    <HotkeysProvider>
      <BrowserRouter basename={ADMIN_BASE}>
        <SessionCheckOnNavigation />
        <Routes>
          <Route element={<AdminShell />}>
            <Route index element={<DashboardScreen />} />
            {SCREEN_ROUTES.map(([page, Screen]) => (
              <Route key={page} path={routerPath(page)} element={<Screen />} />
            ))}
            <Route path="customers/:id" element={<CustomerScreen />} />
            <Route path="*" element={<NotFoundScreen />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </HotkeysProvider>
  );
}
