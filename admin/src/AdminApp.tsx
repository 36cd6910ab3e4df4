import { useState } from 'react';
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
import { PlannedScreen } from './screens/PlannedScreen.tsx';
import { SettingsScreen } from './settings/SettingsScreen.tsx';
import { routerPath, type AdminPagePath } from './shell/admin-pages.ts';
import { AdminShell } from './shell/AdminShell.tsx';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './styles.css';

export interface AdminAppProps {
  /** The browser's or the desktop app's services (notifications, external links, version). */
  platform: Platform;
  /** Where the backend answers: '' when it serves this app, its URL in the desktop app. */
  apiBaseUrl?: string;
}

// Screens of later releases: each already has its route and its real header. Keyed by the
// contract's route list, so a route added there fails to compile until it has a screen here.
const PLANNED_SCREEN_NOTES: Record<Exclude<AdminPagePath, '/admin' | '/admin/settings'>, string> = {
  '/admin/photo-submissions': 'Customer photo submissions and their quotes will be listed here.',
  '/admin/appointment-scheduling': 'Appointments and free estimates will be listed here.',
  '/admin/scheduling': "Today's and upcoming appointments will be shown here.",
  '/admin/call-logs': 'Calls answered by the AI assistant will be listed here.',
  '/admin/ai-responses': "The AI assistant's interactions will be listed here.",
  '/admin/faq-management': 'The FAQ entries the AI assistant answers from will be managed here.',
  '/admin/messenger-conversations': 'Facebook Messenger conversations will be shown here.',
};
const PLANNED_SCREENS = Object.entries(PLANNED_SCREEN_NOTES) as [keyof typeof PLANNED_SCREEN_NOTES, string][];

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
                  <Route path={routerPath('/admin/settings')} element={<SettingsScreen />} />
                  {PLANNED_SCREENS.map(([page, note]) => (
                    <Route
                      key={page}
                      path={routerPath(page)}
                      element={<PlannedScreen page={page} note={note} />}
                    />
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
