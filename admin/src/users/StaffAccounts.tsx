import { useState } from 'react';
import { Button, HTMLTable, Intent, NonIdealState, Section, SectionCard, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { problemMessage } from '../api/problem-message.ts';
import { useApi } from '../api/api-context.tsx';
import { sessionQueries } from '../session/session.queries.ts';
import { NotPermittedNotice } from '../session/NotPermittedNotice.tsx';
import { usePermission } from '../session/use-permission.ts';
import { AddStaffMemberDialog } from './AddStaffMemberDialog.tsx';
import { StaffMemberRow } from './StaffMemberRow.tsx';
import { userQueries } from './users.queries.ts';

/** Settings → Staff: who may sign in to the admin. The owner manages it; others are told so. */
export function StaffAccounts() {
  const api = useApi();
  const session = useQuery(sessionQueries.current(api));
  // The server refuses everyone else anyway; asking it would only produce an error to show.
  const { allowed } = usePermission('users');
  if (!allowed || !session.data) return <NotPermittedNotice permission="users" />;
  return <StaffAccountList signedInId={session.data.user.id} />;
}

function StaffAccountList({ signedInId }: { signedInId: number }) {
  const api = useApi();
  const staff = useQuery(userQueries.list(api));
  const [adding, setAdding] = useState(false);

  return (
    <Section
      title="Staff accounts"
      subtitle="Everyone who can sign in to this admin"
      rightElement={
        <Button icon="add" intent={Intent.PRIMARY} text="Add staff member" onClick={() => setAdding(true)} />
      }
    >
      <SectionCard padded={!staff.data}>
        {staff.isPending && <Spinner aria-label="Loading staff accounts" />}
        {staff.isError && (
          <NonIdealState
            icon="error"
            title="The staff accounts could not be loaded"
            description={problemMessage(staff.error)}
            action={<Button text="Try again" icon="refresh" onClick={() => void staff.refetch()} />}
          />
        )}
        {staff.data && (
          <div className="table-scroll">
            <HTMLTable className="staff-accounts" striped>
              <thead>
                <tr>
                  <th>Name</th>
                  <th>E-mail</th>
                  <th>Role</th>
                  <th>Status</th>
                  <th>Last sign-in</th>
                  <th>Actions</th>
                </tr>
              </thead>
              <tbody>
                {staff.data.map((staffMember) => (
                  <StaffMemberRow
                    key={staffMember.id}
                    staffMember={staffMember}
                    isSignedIn={staffMember.id === signedInId}
                  />
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </SectionCard>
      <AddStaffMemberDialog isOpen={adding} onClose={() => setAdding(false)} />
    </Section>
  );
}
