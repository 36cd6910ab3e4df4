import { Button } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import {
  accountLinkOutcomeSchema,
  accountSessionsEndedSchema,
  accountSessionsSchema,
  type CustomerSummary,
} from '@washdesk/contract';
import { ApiError } from '../api/api-client.ts';
import { useApi } from '../api/api-context.tsx';
import { useChange } from '../api/use-change.ts';
import { showFailureToast, showProblemToast } from '../toaster.ts';
import { customersKey } from './customers.queries.ts';

/**
 * The customer's own page from their record: send a sign-in link by text or e-mail (the toast says
 * what really happened), and end every device they are signed in on.
 */
export function CustomerAccountActions({ customer }: { customer: CustomerSummary }) {
  const api = useApi();
  const sessionsKey = [...customersKey, 'account', customer.id] as const;
  const sessions = useQuery({
    queryKey: sessionsKey,
    queryFn: () => api.get(`/api/customers/${customer.id}/account`, accountSessionsSchema),
  });
  const send = useChange({
    change: async (a, channel: 'text' | 'email') => {
      const answer = await a.send(
        'POST',
        `/api/customers/${customer.id}/account-link`,
        { channel },
        accountLinkOutcomeSchema,
      );
      // Not sent is not a success: the reason is shown, never "sent".
      if (answer.outcome !== 'sent') throw new Error(answer.problem ?? 'The sign-in link was not sent');
      return answer;
    },
    success: (channel) => `Sign-in link sent by ${channel === 'text' ? 'text' : 'e-mail'}`,
    refetch: [],
    onError: (error) =>
      error instanceof ApiError
        ? showProblemToast(error)
        : showFailureToast(`Sign-in link not sent: ${String((error as Error).message)}`),
  });
  const end = useChange({
    change: (a) =>
      a.send(
        'DELETE',
        `/api/customers/${customer.id}/account-sessions`,
        undefined,
        accountSessionsEndedSchema,
      ),
    success: 'Signed out of the customer\u2019s page on every device',
    refetch: [sessionsKey],
    onError: showProblemToast,
  });
  const live = sessions.data?.liveSessions ?? 0;
  return (
    <div className="customer-contact__actions" aria-label="Customer's page">
      {customer.phone && (
        <Button
          icon="key"
          text="Text sign-in link"
          loading={send.isPending}
          onClick={() => send.mutate('text')}
        />
      )}
      {customer.email && (
        <Button
          icon="key"
          text="E-mail sign-in link"
          loading={send.isPending}
          onClick={() => send.mutate('email')}
        />
      )}
      {live > 0 && (
        <Button
          icon="log-out"
          text={`Sign out everywhere (${live})`}
          loading={end.isPending}
          onClick={() => end.mutate(undefined)}
        />
      )}
    </div>
  );
}
