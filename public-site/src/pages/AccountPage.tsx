import { startTransition, useEffect, useState } from 'react';
import type { CustomerAccount } from '@washdesk/contract';
import { t } from '../i18n/i18n.ts';
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
import { accountMessageIn } from '../account/account-texts.ts';
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
  // Back from Stripe's page (?paid=N): the payment shows once its webhook has landed.
  const [justPaid] = useState(
    () => typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('paid'),
  );
  // The account is drawn as a transition: React draws it in slices and the phone stays responsive
  // (no long task blocking a tap while a long history renders).
  const load = () =>
    fetchAccount()
      .then((answer) =>
        startTransition(() =>
          setShown(
            answer.kind === 'account'
              ? answer
              : answer.status === 401
                ? { kind: 'signed-out' }
                : { kind: 'failed', message: accountMessageIn(answer.message) },
          ),
        ),
      )
      .catch(() => setShown({ kind: 'failed', message: t('account.loadFailed') }));
  useEffect(() => void load(), []);

  const [signOutProblem, setSignOutProblem] = useState<string | null>(null);
  const signOut = async () => {
    setSignOutProblem(null);
    const answer = await change('sign-out', {}).catch(() => null);
    // Only what happened: a sign-out the server did not confirm is not shown as done.
    if (answer?.kind === 'done') setShown({ kind: 'signed-out' });
    else setSignOutProblem(t('account.signOutFailed'));
  };

  const account = shown.kind === 'account' ? shown.account : null;
  const nothingYet =
    account &&
    !account.invoices.length &&
    !account.visits.length &&
    !account.quotes.length &&
    !account.plans.length;
  // The heading and the introduction are the same in every state, from the first (prerendered)
  // paint on: what loads later only adds below them, and the column is a screen tall from the
  // start, so nothing moves (no layout shift) and the first paint is the page's largest (LCP).
  return (
    <PageLayout title={t('account.title')}>
      <h1>{t('account.title')}</h1>
      <p className="intro">{t('account.intro')}</p>
      <div className="account">
        {shown.kind === 'loading' && <p role="status">{t('account.loading')}</p>}
        {shown.kind === 'failed' && <p role="alert">{shown.message}</p>}
        {shown.kind === 'signed-out' && (
          <>
            <p>{t('account.signInHint')}</p>
            <LinkRequestForm />
          </>
        )}
        {account && (
          <>
            <p className="account__hello">
              {account.customer.name
                ? t('account.signedInAs', { name: account.customer.name })
                : t('account.signedIn')}
            </p>
            {justPaid && (
              <p className="sent-quote__banner" role="status">
                {t('account.paidThanks')}
              </p>
            )}
            {nothingYet && <p>{t('account.nothingYet')}</p>}
            <InvoicesSection invoices={account.invoices} payOnline={account.payOnline} />
            <VisitsSection visits={account.visits} />
            <QuotesSection quotes={account.quotes} payOnline={account.payOnline} />
            <PlansSection plans={account.plans} />
            <PaymentsSection payments={account.payments} />
            <MessageBox />
            <ContactForm customer={account.customer} onSaved={() => void load()} />
            <p className="sent-quote__muted">
              {t('account.questions', { business: account.business.name })}{' '}
              <PhoneLink phone={account.business.phone} />.
            </p>
            <button
              type="button"
              className="quote-button quote-button--secondary"
              onClick={() => void signOut()}
            >
              {t('account.signOut')}
            </button>
            {signOutProblem && (
              <p className="field-error" role="alert">
                {signOutProblem}
              </p>
            )}
          </>
        )}
      </div>
    </PageLayout>
  );
}
