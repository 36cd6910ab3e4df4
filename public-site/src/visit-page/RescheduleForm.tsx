import { useState, type FormEvent } from 'react';
import type { PublicVisit } from '@washdesk/contract';
import { t } from '../i18n/i18n.ts';
import { formatVisitDay } from './visit-api.ts';

interface RescheduleFormProps {
  freeSlots: PublicVisit['freeSlots'];
  busy: boolean;
  onMove: (date: string, time: string) => void;
  /** Another page's words (a service plan's first booking), else the visit page's. */
  labels?: { day: string; time: string; submit: string; busy: string; none: string };
}

const moveLabels = () => ({
  day: t('visit.newDay'),
  time: t('visit.newTime'),
  submit: t('visit.move'),
  busy: t('visit.moving'),
  none: t('visit.noFreeTimes'),
});

/** A free day, then a free time on it: only what the office's calendar has open is offered. */
export function RescheduleForm({ freeSlots, busy, onMove, labels = moveLabels() }: RescheduleFormProps) {
  const [date, setDate] = useState(freeSlots[0]?.date ?? '');
  const times = freeSlots.find((d) => d.date === date)?.times ?? [];
  const [time, setTime] = useState(times[0] ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (date && time) onMove(date, time);
  };
  if (!freeSlots.length) return <p className="sent-quote__muted">{labels.none}</p>;
  return (
    <form className="visit-page__form" onSubmit={submit}>
      <label htmlFor="visit-day">{labels.day}</label>
      <select
        id="visit-day"
        value={date}
        onChange={(event) => {
          setDate(event.target.value);
          setTime(freeSlots.find((d) => d.date === event.target.value)?.times[0] ?? '');
        }}
      >
        {freeSlots.map((d) => (
          <option key={d.date} value={d.date}>
            {formatVisitDay(d.date)}
          </option>
        ))}
      </select>
      <label htmlFor="visit-time">{labels.time}</label>
      <select id="visit-time" value={time} onChange={(event) => setTime(event.target.value)}>
        {times.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <button type="submit" className="quote-button" disabled={busy || !time}>
        {busy ? labels.busy : labels.submit}
      </button>
    </form>
  );
}
