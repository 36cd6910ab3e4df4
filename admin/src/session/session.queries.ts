import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { sessionInfoSchema, type Login, type SessionInfo } from '@washdesk/contract';
import { ApiError, isUnauthorized, type ApiClient } from '../api/api-client.ts';
import { useSignInNotice } from './sign-in-notice.store.ts';

const sessionKey = ['session'] as const;

/**
 * The one way a session ends that staff did not choose and should be told about. "Sign in
 * required" (signed out here or elsewhere, never signed in) needs no explanation.
 */
const SESSION_EXPIRED = 'session_expired';

/** A 401 means nobody is signed in any more; an expiry also leaves the server's notice behind. */
function isSessionGone(error: unknown): error is ApiError {
  if (!isUnauthorized(error)) return false;
  if (error.body?.code === SESSION_EXPIRED) useSignInNotice.getState().show(error.body.message);
  return true;
}

export const sessionQueries = {
  /** Who is signed in; null (not an error) when nobody is, which shows the sign-in screen. */
  current: (api: ApiClient) =>
    queryOptions({
      queryKey: sessionKey,
      queryFn: async (): Promise<SessionInfo | null> => {
        try {
          return await api.get('/api/auth/me', sessionInfoSchema);
        } catch (error) {
          if (isSessionGone(error)) return null;
          throw error;
        }
      },
    }),
};

export const signIn = (api: ApiClient, login: Login) =>
  api.send('POST', '/api/auth/login', login, sessionInfoSchema);

const nothing = { parse: () => undefined };
export const signOut = (api: ApiClient) => api.send('POST', '/api/auth/logout', undefined, nothing);

/**
 * After sign-in or sign-out: the new session, and no data cached under the previous one. Either
 * is the person's own choice, so any notice about how the previous session ended is done with.
 */
export function replaceSession(queryClient: QueryClient, session: SessionInfo | null): void {
  useSignInNotice.getState().clear();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
  queryClient.setQueryData(sessionKey, session);
}

/** Any call answered 401 means the session ended (expired, signed out elsewhere): back to sign-in. */
export function endSessionOnUnauthorized(queryClient: QueryClient, error: unknown): void {
  if (isSessionGone(error)) queryClient.setQueryData(sessionKey, null);
}

/**
 * Asks the server again whether the session still lives. Data never goes stale here (spec 9), so
 * without this a session ended elsewhere (disabled account, reset password, expiry) would only
 * show once a screen happened to call the server.
 */
export const recheckSession = (queryClient: QueryClient) =>
  queryClient.refetchQueries({ queryKey: sessionKey, type: 'active' });
