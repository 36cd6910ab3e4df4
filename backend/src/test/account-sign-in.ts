import { ACCOUNT_COOKIE } from '@washdesk/contract';
import { accountRepository } from '../account/account.repository.ts';
import type { TestServer } from './test-server.ts';

// A customer's signed-in cookie for the account tests: a sign-in link (made by the links' owner,
// as a text would carry it) spent over HTTP through Continue's own route.

export async function signedInCookie(server: TestServer, customerId: number, at: number): Promise<string> {
  const token = accountRepository(server.db).mintLink({
    customerId,
    requestedBy: 'staff',
    channel: 'text',
    now: at,
  });
  const spent = await fetch(`${server.url}/api/public/account/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (spent.status !== 201) throw new Error(`the sign-in link was not spent: ${spent.status}`);
  return spent.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${ACCOUNT_COOKIE}=`))!
    .split(';')[0]!;
}
