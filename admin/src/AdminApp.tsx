import { useEffect, useState } from 'react';
import { OverlaysProvider, PortalProvider } from '@blueprintjs/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createApiClient } from './api/api-client.ts';
import { ApiProvider } from './api/api-context.tsx';
import { createQueryClient } from './api/query-client.ts';
import { PlatformProvider, type Platform } from './platform/platform.tsx';
import { preloadOpenedScreen } from './screens/admin-screens.ts';
import { preloadedScreen } from './screens/preloaded-screen.tsx';
import { SessionGate } from './session/SessionGate.tsx';
import './session/sign-in-icons.ts';
import { useThemeOnBody } from './theme/use-theme-on-body.ts';
// Only the part of Blueprint's stylesheet the sign-in screen uses; the whole of it comes with
// anything signed in (staff-styles.ts, sign-in-styles.ts says why that is safe).
import 'virtual:sign-in-blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './styles.css';

export interface AdminAppProps {
  /** The machine's services (notifications, external links). */
  platform: Platform;
}

// The admin's first load is what the sign-in screen needs (issue 31: ≤ 150 KB brotli, checked by
// `npm run bench -- pages`). The router, the shell, the dashboard and every screen are behind the
// sign-in, in their own chunks: fetched as soon as the session is known to be signed in.
const SignedInAdmin = preloadedScreen(() => import('./SignedInAdmin.tsx').then((m) => m.SignedInAdmin));

/** Signed in: the rest of the admin and the screen the browser opened on load side by side. */
function SignedIn() {
  useState(preloadOpenedScreen);
  return <SignedInAdmin />;
}

/**
 * The whole admin, as main.tsx renders it. The backend serves it at /admin (to browsers and to
 * the desktop window alike), so the API is always on the same origin.
 */
export function AdminApp({ platform }: AdminAppProps) {
  // Created once per mounted app, so two apps (or tests) never share a cache.
  const [queryClient] = useState(createQueryClient);
  const [api] = useState(() => createApiClient(''));
  // Someone on the sign-in screen is about to need the rest; it follows once that screen is up.
  useEffect(() => {
    const timer = setTimeout(() => void SignedInAdmin.preload().catch(() => undefined), 1500);
    return () => clearTimeout(timer);
  }, []);
  useThemeOnBody();
  return (
    // Blueprint's providers but its hotkeys one, which brings the hotkeys dialog (an overlay and
    // its transitions) and which only the signed-in part uses (SignedInAdmin).
    <PortalProvider>
      <OverlaysProvider>
        <PlatformProvider value={platform}>
          <ApiProvider value={api}>
            <QueryClientProvider client={queryClient}>
              <SessionGate>
                <SignedIn />
              </SessionGate>
            </QueryClientProvider>
          </ApiProvider>
        </PlatformProvider>
      </OverlaysProvider>
    </PortalProvider>
  );
}
