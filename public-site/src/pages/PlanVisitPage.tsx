import { useEffect, useState } from 'react';
import {
  formatCents,
  LOCALES,
  PLAN_VISIT_REFUSALS,
  planJobTitleIn,
  type PublicPlanVisit,
} from '@washdesk/contract';
import type { MessageId } from '../i18n/catalog.en.ts';
import { pageLanguage, t } from '../i18n/i18n.ts';
import { PageLayout } from '../layout/PageLayout.tsx';
import { PhoneLink } from '../layout/PhoneLink.tsx';
import { fetchPlanVisit, pickSlot } from '../plan-visit/plan-visit-api.ts';
import { tokenOfPath } from '../sent-quote/quote-api.ts';
import { formatVisitDay } from '../visit-page/visit-api.ts';
import { RescheduleForm } from '../visit-page/RescheduleForm.tsx';
import '../quote-tool/quote-tool.css';
import '../sent-quote/sent-quote.css';
import '../visit-page/visit-page.css';

type Shown =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string }
  | { kind: 'plan'; visit: PublicPlanVisit };

const monthText = (dueMonth: string) => {
  const [year, month] = dueMonth.split('-').map(Number);
  return new Intl.DateTimeFormat(LOCALES[pageLanguage()], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(year ?? 2000, (month ?? 1) - 1, 15));
};

/** The plan's title in the page's language ("lavado de casa"): the contract's one rule (service-names.ts). */
const titleOf = (visit: PublicPlanVisit) =>
  planJobTitleIn(
    { title: visit.title, lineItems: (visit.services ?? []).map((service) => ({ service })) },
    pageLanguage(),
  );

/** The server's refusals are the contract's English words: each one known is shown in the page's language. */
const REFUSAL_IDS = new Map<string, MessageId>(
  Object.entries(PLAN_VISIT_REFUSALS).map(([key, text]) => [text, `planVisit.refusal.${key}` as MessageId]),
);
const refusalIn = (message: string) => {
  const id = REFUSAL_IDS.get(message);
  return id ? t(id) : message;
};

/**
 * /plan-visit/{token}: a service plan's job is due; the customer picks a day and time from the
 * office's open slots for the job's length. The build prerenders the loading state (the token is
 * only known in the browser).
 */
export function PlanVisitPage() {
  const [token] = useState(() =>
    typeof window === 'undefined' ? '' : tokenOfPath(window.location.pathname),
  );
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const load = () =>
    fetchPlanVisit(token).then((answer) => {
      if (answer.kind === 'plan') setShown({ kind: 'plan', visit: answer.visit });
      else if (answer.kind === 'refused' && answer.status === 404) setShown({ kind: 'missing' });
      else if (answer.kind === 'refused') setShown({ kind: 'failed', message: refusalIn(answer.message) });
    });
  useEffect(() => {
    load().catch(() => setShown({ kind: 'failed', message: t('planVisit.loadFailed') }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for this page's token
  }, [token]);

  const pick = async (date: string, time: string) => {
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await pickSlot(token, date, time);
      if (answer.kind === 'refused') setRefusal(refusalIn(answer.message));
      // The page shows what the server now holds, not what was asked.
      await load();
    } catch {
      setRefusal(t('planVisit.notSent'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title={t('planVisit.title')}>
      {shown.kind === 'loading' && (
        <>
          <h1>{t('planVisit.title')}</h1>
          <p className="intro" role="status">
            {t('planVisit.loading')}
          </p>
        </>
      )}
      {shown.kind === 'missing' && (
        <>
          <h1>{t('planVisit.notFound')}</h1>
          <p className="intro">{t('planVisit.refusal.notFound')}</p>
        </>
      )}
      {shown.kind === 'failed' && (
        <>
          <h1>{t('planVisit.title')}</h1>
          <p className="intro" role="alert">
            {shown.message}
          </p>
        </>
      )}
      {shown.kind === 'plan' && (
        <>
          <h1>
            {shown.visit.customerFirstName
              ? t('planVisit.dueNamed', {
                  name: shown.visit.customerFirstName,
                  service: titleOf(shown.visit),
                })
              : t('planVisit.due', { service: titleOf(shown.visit) })}
          </h1>
          <dl className="sent-quote__facts visit-page__facts">
            <dt>{t('planVisit.service')}</dt>
            <dd>{titleOf(shown.visit)}</dd>
            <dt>{t('planVisit.dueMonth')}</dt>
            <dd>{monthText(shown.visit.dueMonth)}</dd>
            <dt>{t('planVisit.takes')}</dt>
            <dd>{t('planVisit.minutes', { count: shown.visit.durationMinutes })}</dd>
            <dt>{t('planVisit.price')}</dt>
            <dd>{formatCents(shown.visit.priceCents)}</dd>
          </dl>
          {shown.visit.booked ? (
            <p className="sent-quote__banner sent-quote__banner--accepted" role="status">
              {t('planVisit.booked', {
                day: formatVisitDay(shown.visit.booked.date),
                time: shown.visit.booked.time,
              })}
            </p>
          ) : (
            <>
              <h2>{t('planVisit.pick')}</h2>
              {refusal && (
                <p className="sent-quote__banner" role="alert">
                  {refusal}
                </p>
              )}
              <RescheduleForm
                freeSlots={shown.visit.days}
                busy={busy}
                onMove={(date, time) => void pick(date, time)}
                labels={{
                  day: t('planVisit.day'),
                  time: t('planVisit.time'),
                  submit: t('planVisit.submit'),
                  busy: t('planVisit.busy'),
                  none: t('planVisit.none'),
                }}
              />
            </>
          )}
          <p className="sent-quote__muted">
            {t('planVisit.questions', { business: shown.visit.business.name })}{' '}
            <PhoneLink phone={shown.visit.business.phone} />.
          </p>
        </>
      )}
    </PageLayout>
  );
}
