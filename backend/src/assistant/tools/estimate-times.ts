import type { PreferredTime } from '@washdesk/contract';
import type { AppointmentRepository } from '../../appointments/appointment.repository.ts';
import { appointmentRules } from '../../appointments/appointment-rules.ts';
import type { Clock } from '../../time.ts';

// "What do you have on Thursday?" The free estimate times of a day, from the appointments' own rule
// (appointment-rules.ts: not past, not taken) — the same one the staff dialog and the booking
// conversation apply; this only gives it the tool's plain shape for both assistant paths.

export interface EstimateTimesInput {
  /** `YYYY-MM-DD` in the business's time zone. */
  date: string;
}

export interface EstimateTimes {
  date: string;
  /** Free hours that day, earliest first; empty when the day is full or past. */
  free: PreferredTime[];
}

export function estimateTimesTool(deps: {
  appointments: AppointmentRepository;
  timeZone: string;
  now: Clock;
}) {
  const rules = appointmentRules(deps.appointments, deps.timeZone, deps.now);
  // openTimes judges hours of today; an earlier day is refused whole (refusePast's rule).
  return ({ date }: EstimateTimesInput): EstimateTimes => ({
    date,
    free: date < rules.today() ? [] : rules.openTimes(date),
  });
}
