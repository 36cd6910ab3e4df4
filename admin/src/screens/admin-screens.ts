import type { AdminPagePath } from '../shell/admin-pages.ts';
import { preloadedScreen, type PreloadedScreen } from './preloaded-screen.tsx';

// Every admin route and its screen, keyed by the contract's route list, so a route added
// there fails to compile until it has a screen here. Each screen is its own chunk: staff who
// open the dashboard (or a bookmarked screen) load only that screen's code first.
const SCREENS: Record<Exclude<AdminPagePath, '/admin'>, PreloadedScreen> = {
  '/admin/photo-submissions': preloadedScreen(() =>
    import('../submissions/PhotoSubmissionsScreen.tsx').then((m) => m.PhotoSubmissionsScreen),
  ),
  '/admin/appointment-scheduling': preloadedScreen(() =>
    import('../appointments/AppointmentSchedulingScreen.tsx').then((m) => m.AppointmentSchedulingScreen),
  ),
  '/admin/scheduling': preloadedScreen(() =>
    import('../scheduling/SchedulingScreen.tsx').then((m) => m.SchedulingScreen),
  ),
  '/admin/call-logs': preloadedScreen(() =>
    import('../calls/CallLogsScreen.tsx').then((m) => m.CallLogsScreen),
  ),
  '/admin/ai-responses': preloadedScreen(() =>
    import('../ai-responses/AiResponsesScreen.tsx').then((m) => m.AiResponsesScreen),
  ),
  '/admin/faq-management': preloadedScreen(() =>
    import('../faq/FaqManagementScreen.tsx').then((m) => m.FaqManagementScreen),
  ),
  '/admin/settings': preloadedScreen(() =>
    import('../settings/SettingsScreen.tsx').then((m) => m.SettingsScreen),
  ),
  '/admin/messenger-conversations': preloadedScreen(() =>
    import('../messenger/MessengerScreen.tsx').then((m) => m.MessengerScreen),
  ),
  '/admin/texts': preloadedScreen(() => import('../texts/TextsScreen.tsx').then((m) => m.TextsScreen)),
  '/admin/customers': preloadedScreen(() =>
    import('../customers/CustomersScreen.tsx').then((m) => m.CustomersScreen),
  ),
  // The board and its drag-and-drop library load only when the board is opened.
  '/admin/board': preloadedScreen(() => import('../schedule/BoardScreen.tsx').then((m) => m.BoardScreen)),
  '/admin/requests': preloadedScreen(() =>
    import('../leads/RequestsScreen.tsx').then((m) => m.RequestsScreen),
  ),
  '/admin/invoices': preloadedScreen(() =>
    import('../invoices/InvoicesScreen.tsx').then((m) => m.InvoicesScreen),
  ),
};
// A customer's timeline is opened from the inbox or the search, never first: it loads on demand.
export const CustomerScreen = preloadedScreen(() =>
  import('../customers/CustomerScreen.tsx').then((m) => m.CustomerScreen),
);

export const SCREEN_ROUTES = Object.entries(SCREENS) as [keyof typeof SCREENS, PreloadedScreen][];

/** The screen the browser opened on starts loading (AdminApp: once the session is signed in). */
export function preloadOpenedScreen() {
  const path = window.location.pathname.replace(/\/+$/, '').toLowerCase();
  void SCREEN_ROUTES.find(([page]) => page === path)?.[1]
    .preload()
    .catch(() => undefined);
}
