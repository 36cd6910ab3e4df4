import { SESSION_COOKIE } from '@washdesk/contract';
import type { Session } from 'electron';

/** The window's session cookie for the server, as a Cookie header value; null when signed out. */
export async function sessionCookieOf(session: Session, serverUrl: URL): Promise<string | null> {
  const [cookie] = await session.cookies.get({ url: serverUrl.origin, name: SESSION_COOKIE });
  return cookie ? `${SESSION_COOKIE}=${cookie.value}` : null;
}

/** Resolves when the session cookie is set or removed (a sign-in or sign-out in the window). */
export function sessionCookieChanged(session: Session, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      session.cookies.off('changed', onChange);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const onChange = (_event: unknown, cookie: Electron.Cookie) => {
      if (cookie.name === SESSION_COOKIE) done();
    };
    session.cookies.on('changed', onChange);
    signal.addEventListener('abort', done, { once: true });
  });
}

const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/** Waits a little longer after each failed reconnect (a server restart is seconds; an outage longer). */
export function reconnectBackoff(attempt: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
