import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { sessionInfoSchema, type Login, type SessionInfo } from '@washdesk/contract';
import { ApiError, type ApiClient } from '../api/api-client.ts';

const sessionKey = ['session'] as const;

export const sessionQueries = {
  /** Who is signed in; null (not an error) when nobody is, which shows the sign-in screen. */
  current: (api: ApiClient) =>
    queryOptions({
      queryKey: sessionKey,
      queryFn: async (): Promise<SessionInfo | null> => {
        try {
          return await api.get('/api/auth/me', sessionInfoSchema);
        } catch (error) {
          if (error instanceof ApiError && error.status === 401) return null;
          throw error;
        }
      },
    }),
};

export const signIn = (api: ApiClient, login: Login) =>
  api.send('POST', '/api/auth/login', login, sessionInfoSchema);

const nothing = { parse: () => undefined };
export const signOut = (api: ApiClient) => api.send('POST', '/api/auth/logout', undefined, nothing);

/** After sign-in or sign-out: the new session, and no data cached under the previous one. */
export function replaceSession(queryClient: QueryClient, session: SessionInfo | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
  queryClient.setQueryData(sessionKey, session);
}

/** Any call answered 401 means the session ended (expired, signed out elsewhere): back to sign-in. */
export function endSessionOnUnauthorized(queryClient: QueryClient, error: unknown): void {
  if (error instanceof ApiError && error.status === 401) queryClient.setQueryData(sessionKey, null);
}
