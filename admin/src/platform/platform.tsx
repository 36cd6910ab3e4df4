import { createContext, useContext } from 'react';

/** A notification outside the window (a new call, a new message), as the live events announce it. */
export interface StaffNotification {
  title: string;
  body: string;
  /** One per event, so the same event is never shown twice. */
  tag: string;
  /** Staff clicked it: open what it is about. */
  onClick: () => void;
}

/**
 * What the admin needs from the machine it runs on, chosen once at boot (the browser's, main.tsx);
 * screens call usePlatform(), never window APIs directly. The desktop app loads this same admin
 * from the server, so it runs on the browser's platform too (its own notifications come from its
 * main process).
 */
export interface Platform {
  /** Shown only where staff already allowed notifications (Settings → Notifications asks). */
  notify(notification: StaffNotification): void;
  /** Opens a link in the user's browser or mail/phone app, never inside the admin. */
  openExternal(url: string): void;
}

const PlatformContext = createContext<Platform | null>(null);

export const PlatformProvider = PlatformContext;

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform() is used outside <AdminApp>');
  return platform;
}
