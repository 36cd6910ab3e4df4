import { useCallback, useEffect, useState } from 'react';
import { QUOTE_REFUSALS, type PublicQuote } from '@washdesk/contract';
import type { MessageId } from '../i18n/catalog.en.ts';
import { t } from '../i18n/i18n.ts';
import { PageLayout } from '../layout/PageLayout.tsx';
import { acceptQuote, fetchQuote, tokenOfPath } from '../sent-quote/quote-api.ts';
import { QuoteDocument, formatQuoteDate } from '../sent-quote/QuoteDocument.tsx';
import { AcceptQuoteForm } from '../sent-quote/AcceptQuoteForm.tsx';
import { QuestionBox } from '../sent-quote/QuestionBox.tsx';
import { DepositBox } from '../sent-quote/DepositBox.tsx';
import '../quote-tool/quote-tool.css';
import '../sent-quote/sent-quote.css';

type Shown =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string }
  | { kind: 'quote'; quote: PublicQuote };

const STATE_TEXT: Partial<Record<PublicQuote['state'], MessageId>> = {
  superseded: 'quote.refusal.superseded',
  expired: 'quote.refusal.expired',
};

/** The server's refusals are the contract's English words: each one known is shown in the page's language. */
const REFUSAL_IDS = new Map<string, MessageId>(
  Object.entries(QUOTE_REFUSALS).map(([key, text]) => [text, `quote.refusal.${key}` as MessageId]),
);
const refusalIn = (message: string) => {
  const id = REFUSAL_IDS.get(message);
  return id ? t(id) : message;
};

/**
 * /quote/{token}: the quote a customer was sent, to accept or ask about. The build prerenders the
 * loading state (the token is only known in the browser); the quote is fetched once hydrated.
 */
export function QuotePage() {
  const [token] = useState(() =>
    typeof window === 'undefined' ? '' : tokenOfPath(window.location.pathname),
  );
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  const [accepting, setAccepting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  // Stripe's page sends the customer back here with ?paid=1 (the ledger decides what they see).
  const [returnedFromPay] = useState(
    () => typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('paid') === '1',
  );
  const refresh = useCallback(async () => {
    const answer = await fetchQuote(token).catch(() => null);
    if (answer?.kind === 'quote') setShown({ kind: 'quote', quote: answer.quote });
  }, [token]);

  useEffect(() => {
    let live = true;
    fetchQuote(token)
      .then((answer) => {
        if (!live) return;
        if (answer.kind === 'quote') setShown({ kind: 'quote', quote: answer.quote });
        else
          setShown(
            answer.status === 404
              ? { kind: 'missing' }
              : { kind: 'failed', message: refusalIn(answer.message) },
          );
      })
      .catch(() => live && setShown({ kind: 'failed', message: t('quote.loadFailed') }));
    return () => {
      live = false;
    };
  }, [token]);

  const accept = async (fullName: string) => {
    setAccepting(true);
    setRefusal(null);
    try {
      const answer = await acceptQuote(token, { fullName, addOnIds: chosen });
      if (answer.kind === 'quote') setShown({ kind: 'quote', quote: answer.quote });
      else {
        setRefusal(refusalIn(answer.message));
        // The quote changed under the customer (replaced or expired): show it as it is now.
        const now = await fetchQuote(token);
        if (now.kind === 'quote') setShown({ kind: 'quote', quote: now.quote });
      }
    } catch {
      setRefusal(t('quote.acceptFailed'));
    } finally {
      setAccepting(false);
    }
  };

  return (
    <PageLayout title={t('quote.title')}>
      {shown.kind === 'loading' && (
        <>
          <h1>{t('quote.title')}</h1>
          <p className="intro" role="status">
            {t('quote.loading')}
          </p>
        </>
      )}
      {shown.kind === 'missing' && (
        <>
          <h1>{t('quote.notFound')}</h1>
          <p className="intro">{t('quote.notFoundText')}</p>
        </>
      )}
      {shown.kind === 'failed' && (
        <>
          <h1>{t('quote.title')}</h1>
          <p className="intro" role="alert">
            {shown.message}
          </p>
        </>
      )}
      {shown.kind === 'quote' && (
        <>
          <h1>{t('quote.from', { business: shown.quote.business.name })}</h1>
          {shown.quote.staffPreview && (
            <p className="sent-quote__banner sent-quote__banner--preview" role="status">
              {t('quote.staffPreview')}
            </p>
          )}
          <QuoteDocument
            quote={shown.quote}
            chosen={chosen}
            onChoose={shown.quote.state === 'open' && !shown.quote.staffPreview ? setChosen : null}
          />
          {shown.quote.state === 'accepted' && shown.quote.acceptedAt && (
            <p className="sent-quote__banner sent-quote__banner--accepted" role="status">
              {shown.quote.acceptance
                ? t('quote.acceptedOnAs', {
                    date: formatQuoteDate(shown.quote.acceptedAt),
                    name: shown.quote.acceptance.name,
                  })
                : t('quote.acceptedOn', { date: formatQuoteDate(shown.quote.acceptedAt) })}
            </p>
          )}
          <DepositBox
            token={token}
            quote={shown.quote}
            chosen={chosen}
            returnedFromPay={returnedFromPay}
            refresh={refresh}
          />
          {STATE_TEXT[shown.quote.state] && (
            <p className="sent-quote__banner sent-quote__banner--closed" role="status">
              {t(STATE_TEXT[shown.quote.state]!)}
            </p>
          )}
          {refusal && (
            <p className="sent-quote__banner sent-quote__banner--closed" role="alert">
              {refusal}
            </p>
          )}
          {shown.quote.state === 'open' && !shown.quote.staffPreview && (
            <AcceptQuoteForm accepting={accepting} onAccept={(name) => void accept(name)} />
          )}
          <QuestionBox
            token={token}
            questions={shown.quote.questions}
            canAsk={!shown.quote.staffPreview}
            onAsked={(quote) => setShown({ kind: 'quote', quote })}
          />
        </>
      )}
    </PageLayout>
  );
}
