import { useEffect } from 'react';
import { HotkeysProvider } from '@blueprintjs/core';
import { ADMIN_BASE } from '@washdesk/contract';
import { BrowserRouter, Route, Routes } from 'react-router';
import { DashboardScreen } from './dashboard/DashboardScreen.tsx';
import { NotFoundScreen } from './screens/NotFoundScreen.tsx';
import { preloadedScreen, type PreloadedScreen } from './screens/preloaded-screen.tsx';
import { useSessionCheckOnNavigation } from './session/use-session-check-on-navigation.ts';
import { routerPath, type AdminPagePath } from './shell/admin-pages.ts';
import { AdminShell } from './shell/AdminShell.tsx';
import './shell/bundled-icons.ts';

// Every admin route and its screen, keyed by the contract's route list, so a route added
// there fails to compile until it has a screen here. Each screen is its own chunk: staff who
// open the dashboard (or a bookmarked screen) load only that screen's code first.
const SCREENS: Record<Exclude<AdminPagePath, '/admin'>, PreloadedScreen> = {
  '/admin/photo-submissions': preloadedScreen(() =>
    import('./submissions/PhotoSubmissionsScreen.tsx').then((m) => m.PhotoSubmissionsScreen),
  ),
  '/admin/appointment-scheduling': preloadedScreen(() =>
    import('./appointments/AppointmentSchedulingScreen.tsx').then((m) => m.AppointmentSchedulingScreen),
  ),
  '/admin/scheduling': preloadedScreen(() =>
    import('./scheduling/SchedulingScreen.tsx').then((m) => m.SchedulingScreen),
  ),
  '/admin/call-logs': preloadedScreen(() =>
    import('./calls/CallLogsScreen.tsx').then((m) => m.CallLogsScreen),
  ),
  '/admin/ai-responses': preloadedScreen(() =>
    import('./ai-responses/AiResponsesScreen.tsx').then((m) => m.AiResponsesScreen),
  ),
  '/admin/faq-management': preloadedScreen(() =>
    import('./faq/FaqManagementScreen.tsx').then((m) => m.FaqManagementScreen),
  ),
  '/admin/settings': preloadedScreen(() =>
    import('./settings/SettingsScreen.tsx').then((m) => m.SettingsScreen),
  ),
  '/admin/messenger-conversations': preloadedScreen(() =>
    import('./messenger/MessengerScreen.tsx').then((m) => m.MessengerScreen),
  ),
  '/admin/texts': preloadedScreen(() => import('./texts/TextsScreen.tsx').then((m) => m.TextsScreen)),
  '/admin/requests': preloadedScreen(() =>
    import('./leads/RequestsScreen.tsx').then((m) => m.RequestsScreen),
  ),
};
// A customer's timeline is opened from the inbox or the search, never first: it loads on demand.
const CustomerScreen = preloadedScreen(() =>
  import('./customers/CustomerScreen.tsx').then((m) => m.CustomerScreen),
);

const SCREEN_ROUTES = Object.entries(SCREENS) as [keyof typeof SCREENS, PreloadedScreen][];

// The screen the browser opened on starts loading as soon as this part of the admin arrives.
const openedPath = window.location.pathname.replace(/\/+$/, '').toLowerCase();
void SCREEN_ROUTES.find(([page]) => page === openedPath)?.[1]
  .preload()
  .catch(() => undefined);

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
