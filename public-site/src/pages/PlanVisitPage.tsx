import { useEffect, useState } from 'react';
import { formatCents, MONTH_NAMES, PLAN_VISIT_REFUSALS, type PublicPlanVisit } from '@washdesk/contract';
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
  return `${MONTH_NAMES[(month ?? 1) - 1]} ${year}`;
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
      else if (answer.kind === 'refused') setShown({ kind: 'failed', message: answer.message });
    });
  useEffect(() => {
    load().catch(() =>
      setShown({ kind: 'failed', message: 'Your visit could not be loaded. Please try again.' }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for this page's token
  }, [token]);

  const pick = async (date: string, time: string) => {
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await pickSlot(token, date, time);
      if (answer.kind === 'refused') setRefusal(answer.message);
      // The page shows what the server now holds, not what was asked.
      await load();
    } catch {
      setRefusal('Your choice could not be sent. Please check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title="Book your visit">
      {shown.kind === 'loading' && (
        <>
          <h1>Book your visit</h1>
          <p className="intro" role="status">
            Loading your visit…
          </p>
        </>
      )}
      {shown.kind === 'missing' && (
        <>
          <h1>Visit not found</h1>
          <p className="intro">{PLAN_VISIT_REFUSALS.notFound}</p>
        </>
      )}
      {shown.kind === 'failed' && (
        <>
          <h1>Book your visit</h1>
          <p className="intro" role="alert">
            {shown.message}
          </p>
        </>
      )}
      {shown.kind === 'plan' && (
        <>
          <h1>
            {shown.visit.customerFirstName ? `${shown.visit.customerFirstName}, your` : 'Your'}{' '}
            {shown.visit.title} is due
          </h1>
          <dl className="sent-quote__facts visit-page__facts">
            <dt>Service</dt>
            <dd>{shown.visit.title}</dd>
            <dt>Due</dt>
            <dd>{monthText(shown.visit.dueMonth)}</dd>
            <dt>Takes about</dt>
            <dd>{shown.visit.durationMinutes} minutes</dd>
            <dt>Price</dt>
            <dd>{formatCents(shown.visit.priceCents)}</dd>
          </dl>
          {shown.visit.booked ? (
            <p className="sent-quote__banner sent-quote__banner--accepted" role="status">
              Your visit is booked for {formatVisitDay(shown.visit.booked.date)} at {shown.visit.booked.time}.
              See you then!
            </p>
          ) : (
            <>
              <h2>Pick a day and time</h2>
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
                  day: 'Day',
                  time: 'Time',
                  submit: 'Book my visit',
                  busy: 'Booking…',
                  none: 'No free times in the next four weeks. Please call us to find one.',
                }}
              />
            </>
          )}
          <p className="sent-quote__muted">
            Questions? Call {shown.visit.business.name} at <PhoneLink phone={shown.visit.business.phone} />.
          </p>
        </>
      )}
    </PageLayout>
  );
}
