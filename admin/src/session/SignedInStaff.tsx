import { Button, ButtonVariant, Classes, Intent, Size } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isUnauthorized } from '../api/api-client.ts';
import { useApi } from '../api/api-context.tsx';
import { showToast } from '../toaster.ts';
import { replaceSession, sessionQueries, signOut } from './session.queries.ts';

/** Who is signed in, and the way out (the sidebar's foot). */
export function SignedInStaff() {
  const api = useApi();
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueries.current(api));
  const leave = useMutation({
    mutationFn: () => signOut(api),
    onSuccess: () => replaceSession(queryClient, null),
    onError: (error) =>
      // A session that had already ended (401) leaves them signed out, which is what they asked for.
      isUnauthorized(error)
        ? replaceSession(queryClient, null)
        : showToast({ intent: Intent.DANGER, message: 'Signing out did not work. Please try again.' }),
  });
  if (!session.data) return null;
  return (
    <div className="admin-sidebar__staff">
      <span className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{session.data.user.name}</span>
      <Button
        icon="log-out"
        text="Sign out"
        size={Size.SMALL}
        variant={ButtonVariant.MINIMAL}
        loading={leave.isPending}
        onClick={() => leave.mutate()}
      />
    </div>
  );
}
