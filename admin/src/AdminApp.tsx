import { useState } from 'react';
import { BlueprintProvider } from '@blueprintjs/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { ADMIN_BASE } from '@washdesk/contract';
import { BrowserRouter, Route, Routes } from 'react-router';
import { createApiClient } from './api/api-client.ts';
import { ApiProvider } from './api/api-context.tsx';
import { createQueryClient } from './api/query-client.ts';
import { AiResponsesScreen } from './ai-responses/AiResponsesScreen.tsx';
import { AppointmentSchedulingScreen } from './appointments/AppointmentSchedulingScreen.tsx';
import { CallLogsScreen } from './calls/CallLogsScreen.tsx';
import { DashboardScreen } from './dashboard/DashboardScreen.tsx';
import { FaqManagementScreen } from './faq/FaqManagementScreen.tsx';
import { MessengerScreen } from './messenger/MessengerScreen.tsx';
import { PlatformProvider, type Platform } from './platform/platform.tsx';
import { NotFoundScreen } from './screens/NotFoundScreen.tsx';
import { SettingsScreen } from './settings/SettingsScreen.tsx';
import { SchedulingScreen } from './scheduling/SchedulingScreen.tsx';
import { routerPath, type AdminPagePath } from './shell/admin-pages.ts';
import { AdminShell } from './shell/AdminShell.tsx';
import { PhotoSubmissionsScreen } from './submissions/PhotoSubmissionsScreen.tsx';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './styles.css';

export interface AdminAppProps {
  /** The browser's or the desktop app's services (notifications, external links, version). */
  platform: Platform;
  /** Where the backend answers: '' when it serves this app, its URL in the desktop app. */
  apiBaseUrl?: string;
}

// Every admin route and its screen, keyed by the contract's route list, so a route added
// there fails to compile until it has a screen here.
const SCREENS: Record<Exclude<AdminPagePath, '/admin'>, () => React.JSX.Element> = {
  '/admin/photo-submissions': PhotoSubmissionsScreen,
  '/admin/appointment-scheduling': AppointmentSchedulingScreen,
  '/admin/scheduling': SchedulingScreen,
  '/admin/call-logs': CallLogsScreen,
  '/admin/ai-responses': AiResponsesScreen,
  '/admin/faq-management': FaqManagementScreen,
  '/admin/settings': SettingsScreen,
  '/admin/messenger-conversations': MessengerScreen,
};
const SCREEN_ROUTES = Object.entries(SCREENS) as [keyof typeof SCREENS, () => React.JSX.Element][];

/** The whole admin: the browser entry and the desktop renderer both render just this. */
export function AdminApp({ platform, apiBaseUrl = '' }: AdminAppProps) {
  // Created once per mounted app, so two apps (or tests) never share a cache.
  const [queryClient] = useState(createQueryClient);
  const [api] = useState(() => createApiClient(apiBaseUrl));
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
