import { useEffect, useState } from 'react';
import type { CustomerAccount } from '@washdesk/contract';
import { PageLayout } from '../layout/PageLayout.tsx';
import { PhoneLink } from '../layout/PhoneLink.tsx';
import { change, fetchAccount } from '../account/account-api.ts';
import { ContactForm, MessageBox } from '../account/AccountForms.tsx';
import {
  InvoicesSection,
  PaymentsSection,
  PlansSection,
  QuotesSection,
  VisitsSection,
} from '../account/AccountSections.tsx';
import { LinkRequestForm } from '../account/LinkRequestForm.tsx';
import '../quote-tool/quote-tool.css';
import '../sent-quote/sent-quote.css';
import '../visit-page/visit-page.css';
import '../account/account.css';

type Shown =
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'failed'; message: string }
  | { kind: 'account'; account: CustomerAccount };

/**
 * /account: the customer's own page. Signed out, it asks for a phone number or e-mail to send a
 * sign-in link to; signed in (the cookie a link's Continue set), it shows what they owe first,
 * then visits, quotes, their plan, payments, a message box and their contact details.
 */
export function AccountPage() {
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  const load = () =>
    fetchAccount()
      .then((answer) =>
        setShown(
          answer.kind === 'account'
            ? answer
            : answer.status === 401
              ? { kind: 'signed-out' }
              : { kind: 'failed', message: answer.message },
        ),
      )
      .catch(() => setShown({ kind: 'failed', message: 'Your account could not be loaded. Please try again.' }));
  useEffect(() => void load(), []);

  const signOut = async () => {
    await change('sign-out', {}).catch(() => null);
    setShown({ kind: 'signed-out' });
  };

  if (shown.kind !== 'account')
    return (
      <PageLayout title="Your account">
        <h1>Your account</h1>
        {shown.kind === 'loading' && (
          <p className="intro" role="status">
            Loading your account…
          </p>
        )}
        {shown.kind === 'failed' && (
          <p className="intro" role="alert">
            {shown.message}
          </p>
        )}
        {shown.kind === 'signed-out' && (
          <>
            <p className="intro">
              See your quotes, visits, invoices and payments. We will text or e-mail you a link to sign in: no
              password needed.
            </p>
            <LinkRequestForm />
          </>
        )}
      </PageLayout>
    );

  const { account } = shown;
  const firstName = account.customer.name?.trim().split(/\s+/)[0];
  const nothingYet =
    !account.invoices.length && !account.visits.length && !account.quotes.length && !account.plans.length;
  return (
    <PageLayout title="Your account">
      <h1>{firstName ? `Hello, ${firstName}` : 'Your account'}</h1>
      {nothingYet && <p className="intro">Nothing here yet: your quotes, visits and invoices will show here.</p>}
      <InvoicesSection invoices={account.invoices} />
      <VisitsSection visits={account.visits} />
      <QuotesSection quotes={account.quotes} />
      <PlansSection plans={account.plans} />
      <PaymentsSection payments={account.payments} />
      <MessageBox />
      <ContactForm customer={account.customer} onSaved={() => void load()} />
      <p className="sent-quote__muted">
        Questions? Call {account.business.name} at <PhoneLink phone={account.business.phone} />.
      </p>
      <button type="button" className="quote-button quote-button--secondary" onClick={() => void signOut()}>
        Sign out
      </button>
    </PageLayout>
  );
}
