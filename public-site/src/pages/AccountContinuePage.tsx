import { useEffect, useState } from 'react';
import { t } from '../i18n/i18n.ts';
import { PageLayout } from '../layout/PageLayout.tsx';
import { LinkRequestForm } from '../account/LinkRequestForm.tsx';
import { linkState, startSession } from '../account/account-api.ts';
import { accountMessageIn } from '../account/account-texts.ts';
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
      else setProblem(accountMessageIn(answer.message));
    } catch {
      setProblem(t('account.continue.failed'));
    }
    setBusy(false);
  };

  return (
    <PageLayout title={t('account.continue.title')}>
      {shown === 'unusable' ? (
        <>
          <h1>{t('account.continue.expired')}</h1>
          <p className="intro">{t('account.server.linkUnusable')}</p>
          <LinkRequestForm submitLabel="account.link.sendNew" />
        </>
      ) : (
        <>
          <h1>{t('account.continue.title')}</h1>
          <p className="intro">{t('account.continue.intro')}</p>
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
            {busy ? t('account.continue.signingIn') : t('account.continue.button')}
          </button>
        </>
      )}
    </PageLayout>
  );
}
