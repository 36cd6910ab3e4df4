import { useEffect, useState } from 'react';
import { ACCOUNT_TEXTS } from '@washdesk/contract';
import { PageLayout } from '../layout/PageLayout.tsx';
import { LinkRequestForm } from '../account/LinkRequestForm.tsx';
import { linkState, startSession } from '../account/account-api.ts';
import { tokenOfPath } from '../sent-quote/quote-api.ts';
import '../quote-tool/quote-tool.css';
import '../sent-quote/sent-quote.css';
import '../visit-page/visit-page.css';

type Shown = 'checking' | 'usable' | 'unusable';

/**
 * /account/continue/{token}: a sign-in link's page. Opening it spends nothing (mail scanners open
 * every link, some in a headless browser); only the Continue button's POST spends the link and
 * signs this browser in. A spent or expired link offers a new one.
 */
export function AccountContinuePage() {
  const [token] = useState(() =>
    typeof window === 'undefined' ? '' : tokenOfPath(window.location.pathname),
  );
  const [shown, setShown] = useState<Shown>('checking');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    linkState(token)
      .then((state) => live && setShown(state))
      // Unknown: Continue still decides (the server refuses a bad link).
      .catch(() => live && setShown('usable'));
    return () => {
      live = false;
    };
  }, [token]);

  const proceed = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await startSession(token);
      if (answer.kind === 'signed-in') return window.location.assign('/account');
      if (answer.status === 410 || answer.status === 400) setShown('unusable');
      else setProblem(answer.message);
    } catch {
      setProblem('You could not be signed in. Please check your connection and try again.');
    }
    setBusy(false);
  };

  return (
    <PageLayout title="Sign in to your account">
      {shown === 'unusable' ? (
        <>
          <h1>This link has expired</h1>
          <p className="intro">{ACCOUNT_TEXTS.linkUnusable}</p>
          <LinkRequestForm submitLabel="Send me a new link" />
        </>
      ) : (
        <>
          <h1>Sign in to your account</h1>
          <p className="intro">Press Continue to see your quotes, visits, invoices and payments.</p>
          {problem && (
            <p className="sent-quote__banner" role="alert">
              {problem}
            </p>
          )}
          <button
            type="button"
            className="quote-button"
            disabled={busy || shown === 'checking'}
            onClick={() => void proceed()}
          >
            {busy ? 'Signing in…' : 'Continue'}
          </button>
        </>
      )}
    </PageLayout>
  );
}
