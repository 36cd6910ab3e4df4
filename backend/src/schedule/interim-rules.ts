// INTERIM until the lead's booking rules land on main (brief: merge main after 10:15 UTC, then
// this file is deleted and schedule.feature.ts passes appointmentRules(...) instead). It stands
// in for rules.refuseClosed / rules.refuseClash with the same names and meanings, so the board's
// tests run now.
import { SLOT_TAKEN_CODE, WEEKDAYS, startHourOf } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { businessHoursStore } from '../phone/business-hours.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { BoardRules } from './schedule.service.ts';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

export function interimRules(
  db: Db,
  settings: SettingsRepository,
  base: Pick<BoardRules, 'today' | 'timeHasPassed'>,
): BoardRules {
  const hours = businessHoursStore(settings);
  const sameDay = db.prepare<
    [string, number, number],
    { id: number; customer_name: string; preferred_time: string; duration_minutes: number }
  >(
    `SELECT id, customer_name, preferred_time, duration_minutes FROM appointments
     WHERE status = 'scheduled' AND scheduled_date = ? AND crew_id = ? AND id IS NOT ? AND preferred_time IS NOT NULL`,
  );
  return {
    ...base,
    refuseClosed(date, time, durationMinutes) {
      const h = hours.get();
      const day = h.days[WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!];
      const start = (startHourOf(time) ?? 0) * 60;
      if (
        !day ||
        h.holidays.includes(date) ||
        start < minutesOf(day.opens) ||
        start + durationMinutes > minutesOf(day.closes)
      )
        throw new HttpError(
          422,
          'validation_failed',
          `The business is closed then: choose a time within business hours`,
        );
    },
    refuseClash(slot) {
      const start = (startHourOf(slot.time) ?? 0) * 60;
      for (const other of sameDay.all(slot.date, slot.crewId, slot.exceptId ?? -1)) {
        const otherStart = (startHourOf(other.preferred_time) ?? 0) * 60;
        if (start < otherStart + other.duration_minutes && otherStart < start + slot.durationMinutes)
          throw new HttpError(
            409,
            SLOT_TAKEN_CODE,
            `${other.customer_name} is already booked on that crew at ${other.preferred_time}.`,
          );
      }
    },
  };
}
