import { useEffect, useState } from 'react';
import { BlueprintProvider } from '@blueprintjs/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { ADMIN_BASE } from '@washdesk/contract';
import { BrowserRouter, Route, Routes } from 'react-router';
import { createApiClient } from './api/api-client.ts';
import { ApiProvider } from './api/api-context.tsx';
import { createQueryClient } from './api/query-client.ts';
import { DashboardScreen } from './dashboard/DashboardScreen.tsx';
import { PlatformProvider, type Platform } from './platform/platform.tsx';
import { NotFoundScreen } from './screens/NotFoundScreen.tsx';
import { preloadedScreen, type PreloadedScreen } from './screens/preloaded-screen.tsx';
import { routerPath, type AdminPagePath } from './shell/admin-pages.ts';
import { AdminShell } from './shell/AdminShell.tsx';
import './shell/bundled-icons.ts';
import { useThemeOnBody } from './theme/use-theme-on-body.ts';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './styles.css';

export interface AdminAppProps {
  /** The machine's services (notifications, external links). */
  platform: Platform;
}

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

/** The screen the browser opened on starts loading at once, beside the session check. */
function preloadOpenedScreen() {
  const path = window.location.pathname.replace(/\/+$/, '').toLowerCase();
  void SCREEN_ROUTES.find(([page]) => page === path)?.[1]
    .preload()
    .catch(() => undefined);
}

/**
 * The whole admin, as main.tsx renders it. The backend serves it at /admin (to browsers and to
 * the desktop window alike), so the API is always on the same origin.
 */
export function AdminApp({ platform }: AdminAppProps) {
  // Created once per mounted app, so two apps (or tests) never share a cache.
  const [queryClient] = useState(createQueryClient);
  const [api] = useState(() => createApiClient(''));
  useState(preloadOpenedScreen);
  // The other screens follow once this one is up, so moving between them never waits.
  useEffect(() => {
    const timer = setTimeout(() => {
      for (const [, screen] of SCREEN_ROUTES) void screen.preload().catch(() => undefined);
    }, 1500);
    return () => clearTimeout(timer);
  }, []);
  useThemeOnBody();
  return (
    <BlueprintProvider>
      <PlatformProvider value={platform}>
        <ApiProvider value={api}>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter basename={ADMIN_BASE}>
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
          </QueryClientProvider>
        </ApiProvider>
      </PlatformProvider>
    </BlueprintProvider>
  );
}
