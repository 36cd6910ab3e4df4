import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, Classes, FormGroup, H2, InputGroup, Intent } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-client.ts';
import { useApi } from '../api/api-context.tsx';
import { profileQueries } from '../profile/profile.queries.ts';
import { replaceSession, signIn } from './session.queries.ts';
import { useSignInNotice } from './sign-in-notice.store.ts';

// The server's sign-in refusals (wrong password, locked, too many tries) are written for staff
// (the contract's AUTH_MESSAGES); anything else is not, and gets a plain sentence instead.
const signInProblem = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && error.body
    ? error.body.message
    : 'Signing in did not work. Check that the Washdesk server is running, then try again.';

export function SignInScreen() {
  const api = useApi();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQueries.publicProfile(api));
  const notice = useSignInNotice((state) => state.message);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const attempt = useMutation({
    mutationFn: () => signIn(api, { email, password }),
    onSuccess: (session) => replaceSession(queryClient, session),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    attempt.mutate();
  };

  return (
    <main className="admin-centered">
      <Card className="sign-in">
        <H2 className={profile.isPending ? Classes.SKELETON : undefined}>
          {profile.data?.businessName ?? (profile.isPending ? 'Business name' : 'Washdesk')}
        </H2>
        <p className={Classes.TEXT_MUTED}>Customer Portal Admin</p>
        {notice && (
          <Callout intent={Intent.WARNING} icon="time" className="sign-in__notice" role="status">
            {notice}
          </Callout>
        )}
        <form onSubmit={submit}>
          <FormGroup label="E-mail" labelFor="sign-in-email">
            <InputGroup
              id="sign-in-email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onValueChange={setEmail}
            />
          </FormGroup>
          <FormGroup label="Password" labelFor="sign-in-password">
            <InputGroup
              id="sign-in-password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onValueChange={setPassword}
            />
          </FormGroup>
          {attempt.isError && (
            <Callout intent={Intent.DANGER} className="sign-in__problem" role="alert">
              {signInProblem(attempt.error)}
            </Callout>
          )}
          <Button type="submit" intent={Intent.PRIMARY} text="Sign in" loading={attempt.isPending} fill />
        </form>
      </Card>
    </main>
  );
}
