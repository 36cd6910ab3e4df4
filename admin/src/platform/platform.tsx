import { createContext, useContext } from 'react';

/**
 * What the admin needs from the machine it runs on. The browser and the desktop app each
 * provide one, chosen once at boot; screens call usePlatform(), never window APIs directly.
 */
export interface Platform {
  /** A notification outside the window (new call, new message). */
  notify(title: string, body: string): void;
  /** Opens a link in the user's browser or mail/phone app, never inside the admin. */
  openExternal(url: string): void;
  /** The running app's version, for the footer and support. */
  appVersion(): Promise<string>;
}

const PlatformContext = createContext<Platform | null>(null);

export const PlatformProvider = PlatformContext;

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform() is used outside <AdminApp>');
  return platform;
}
