import { useEffect, useState, type FormEvent } from 'react';
import { VISIT_REFUSALS, type PublicVisit } from '@washdesk/contract';
import { t } from '../i18n/i18n.ts';
import { PageLayout } from '../layout/PageLayout.tsx';
import { PhoneLink } from '../layout/PhoneLink.tsx';
import { tokenOfPath } from '../sent-quote/quote-api.ts';
import {
  cancelVisit,
  confirmVisit,
  fetchVisit,
  formatVisitDay,
  refusalIn,
  rescheduleVisit,
  type VisitAnswerResult,
} from '../visit-page/visit-api.ts';
import { RescheduleForm } from '../visit-page/RescheduleForm.tsx';
import { VisitDetails } from '../visit-page/VisitDetails.tsx';
import '../quote-tool/quote-tool.css';
import '../sent-quote/sent-quote.css';
import '../visit-page/visit-page.css';

type Shown =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'gone' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string }
  | { kind: 'visit'; visit: PublicVisit };

const answerText = (visit: PublicVisit) => {
  const day = formatVisitDay(visit.date);
  const when = visit.time ? t('visit.when', { day, time: visit.time }) : day;
  if (visit.answer?.answer === 'confirmed') return t('visit.confirmedOn', { when });
  if (visit.answer?.answer === 'rescheduled') return t('visit.movedTo', { when });
  return null;
};

/**
 * /visit/{token}: the visit a reminder named, to confirm, move to a free time or cancel. The build
 * prerenders the loading state (the token is only known in the browser); the visit is fetched once
 * hydrated.
 */
export function VisitPage() {
  const [token] = useState(() =>
    typeof window === 'undefined' ? '' : tokenOfPath(window.location.pathname),
  );
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  const [mode, setMode] = useState<'answers' | 'reschedule' | 'cancel'>('answers');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reason, setReason] = useState('');

  const show = (answer: VisitAnswerResult) => {
    if (answer.kind === 'visit') setShown({ kind: 'visit', visit: answer.visit });
    else if (answer.kind === 'done') setShown({ kind: 'cancelled' });
    else if (answer.status === 404) setShown({ kind: 'missing' });
    else if (answer.status === 410) setShown({ kind: 'gone' });
    else return answer.message;
    return null;
  };

  useEffect(() => {
    let live = true;
    fetchVisit(token)
      .then((answer) => {
        if (!live) return;
        const problem = show(answer);
        if (problem) setShown({ kind: 'failed', message: problem });
      })
      .catch(
        () =>
          live && setShown({ kind: 'failed', message: t('visit.loadFailed') }),
      );
    return () => {
      live = false;
    };
  }, [token]);

  const act = async (send: () => Promise<VisitAnswerResult>) => {
    setBusy(true);
    setRefusal(null);
    try {
      const problem = show(await send());
      if (problem) setRefusal(problem);
      else setMode('answers');
    } catch {
      setRefusal(t('visit.answerFailed'));
    } finally {
      setBusy(false);
    }
  };
  const cancel = (event: FormEvent) => {
    event.preventDefault();
    void act(() => cancelVisit(token, reason));
  };

  return (
    <PageLayout title={t('visit.title')}>
      {shown.kind === 'loading' && (
        <>
          <h1>{t('visit.title')}</h1>
          <p className="intro" role="status">
            {t('visit.loading')}
          </p>
        </>
      )}
      {shown.kind === 'missing' && (
        <>
          <h1>{t('visit.notFound')}</h1>
          <p className="intro">{refusalIn(VISIT_REFUSALS.notFound)}</p>
        </>
      )}
      {shown.kind === 'gone' && (
        <>
          <h1>{t('visit.gone')}</h1>
          <p className="intro">{refusalIn(VISIT_REFUSALS.gone)}</p>
        </>
      )}
      {shown.kind === 'cancelled' && (
        <>
          <h1>{t('visit.cancelledTitle')}</h1>
          <p className="intro" role="status">
            {t('visit.cancelled')}
          </p>
        </>
      )}
      {shown.kind === 'failed' && (
        <>
          <h1>{t('visit.title')}</h1>
          <p className="intro" role="alert">
            {shown.message}
          </p>
        </>
      )}
      {shown.kind === 'visit' && (
        <>
          <h1>{t('visit.with', { business: shown.visit.business.name })}</h1>
          <VisitDetails visit={shown.visit} />
          {answerText(shown.visit) && (
            <p className="sent-quote__banner sent-quote__banner--accepted" role="status">
              {answerText(shown.visit)}
            </p>
          )}
          {refusal && (
            <p className="sent-quote__banner sent-quote__banner--closed" role="alert">
              {refusal}
            </p>
          )}
          {shown.visit.staffPreview && (
            <p className="sent-quote__banner sent-quote__banner--preview" role="status">
              {t('visit.staffPreview')}
            </p>
          )}
          {mode === 'answers' && !shown.visit.staffPreview && (
            <div className="visit-page__actions">
              {shown.visit.answer?.answer !== 'confirmed' && (
                <button
                  type="button"
                  className="quote-button"
                  disabled={busy}
                  onClick={() => void act(() => confirmVisit(token))}
                >
                  {busy ? t('visit.confirming') : t('visit.confirm')}
                </button>
              )}
              <button
                type="button"
                className="quote-button quote-button--secondary"
                onClick={() => setMode('reschedule')}
              >
                {t('visit.reschedule')}
              </button>
              <button
                type="button"
                className="quote-button quote-button--secondary"
                onClick={() => setMode('cancel')}
              >
                {t('visit.cancel')}
              </button>
            </div>
          )}
          {mode === 'reschedule' && (
            <section aria-labelledby="reschedule-heading">
              <h2 id="reschedule-heading">{t('visit.pickNewTime')}</h2>
              <RescheduleForm
                freeSlots={shown.visit.freeSlots}
                busy={busy}
                onMove={(date, time) => void act(() => rescheduleVisit(token, date, time))}
              />
              <button
                type="button"
                className="quote-button quote-button--secondary"
                onClick={() => setMode('answers')}
              >
                {t('visit.keepAsIs')}
              </button>
            </section>
          )}
          {mode === 'cancel' && (
            <section aria-labelledby="cancel-heading">
              <h2 id="cancel-heading">{t('visit.cancelHeading')}</h2>
              <form className="visit-page__form" onSubmit={cancel}>
                <label htmlFor="cancel-reason">{t('visit.reason')}</label>
                <textarea
                  id="cancel-reason"
                  rows={3}
                  maxLength={500}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
                <button type="submit" className="quote-button" disabled={busy}>
                  {busy ? t('visit.cancelling') : t('visit.cancelMine')}
                </button>
              </form>
              <button
                type="button"
                className="quote-button quote-button--secondary"
                onClick={() => setMode('answers')}
              >
                {t('visit.keep')}
              </button>
            </section>
          )}
          <p className="sent-quote__muted">
            {t('common.questionsCallUsAt')} <PhoneLink phone={shown.visit.business.phone} />.
          </p>
        </>
      )}
    </PageLayout>
  );
}
