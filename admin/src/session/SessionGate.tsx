import { useEffect, type ReactNode } from 'react';
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { sessionQueries } from './session.queries.ts';
import { SignInScreen } from './SignInScreen.tsx';
import { useSessionCheckOnNavigation } from './use-session-check-on-navigation.ts';

/** Shows its children only to signed-in staff; everyone else gets the sign-in screen. */
export function SessionGate({ children }: { children: ReactNode }) {
  const api = useApi();
  const session = useQuery(sessionQueries.current(api));
  const csrfToken = session.data?.csrfToken ?? null;
  useEffect(() => api.setCsrfToken(csrfToken), [api, csrfToken]);
  useSessionCheckOnNavigation();

  if (session.isPending) {
    return (
      <div className="admin-centered">
        <Spinner aria-label="Loading" />
      </div>
    );
  }
  // A failed re-check keeps a signed-in person on their screens; those show their own errors.
  if (session.data) return children;
  if (session.isError) {
    return (
      <div className="admin-centered">
        <NonIdealState
          icon="offline"
          title="The Washdesk server cannot be reached"
          description="Check that it is running, then try again."
          action={<Button text="Try again" icon="refresh" onClick={() => void session.refetch()} />}
        />
      </div>
    );
  }
  return <SignInScreen />;
}
