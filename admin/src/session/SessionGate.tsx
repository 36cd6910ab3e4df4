import { useEffect, type ReactNode } from 'react';
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { sessionQueries } from './session.queries.ts';
import { SignInScreen } from './SignInScreen.tsx';

/**
 * Shows its children only to signed-in staff; everyone else gets the sign-in screen. The re-check
 * at each page change is the signed-in part's (SignedInAdmin), which has the router.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const api = useApi();
  const session = useQuery(sessionQueries.current(api));
  const csrfToken = session.data?.csrfToken ?? null;
  useEffect(() => api.setCsrfToken(csrfToken), [api, csrfToken]);

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
