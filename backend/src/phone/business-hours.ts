import {
  BUSINESS_HOURS_SETTING,
  WEEKDAYS,
  businessHoursOrDefault,
  businessHoursSchema,
  type BusinessHours,
} from '@washdesk/contract';
import { Router } from 'express';
import { parseWith } from '../http/errors.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import { addDays, wallClockParts } from '../time.ts';

// When a person is in the office to take a call: weekly hours and holidays on the business's wall
// clock (BUSINESS_TIMEZONE), stored with the other settings. One rule, read by the phone line.


/** Business hours, kept as one value of the settings table through its owner. */
export function businessHoursStore(settings: Pick<SettingsRepository, 'readJson' | 'writeJson'>) {
  return {
    get: (): BusinessHours => businessHoursOrDefault(settings.readJson(BUSINESS_HOURS_SETTING)),
    save(hours: BusinessHours): BusinessHours {
      const tidy = { ...hours, holidays: [...hours.holidays].sort() };
      settings.writeJson(BUSINESS_HOURS_SETTING, tidy);
      return tidy;
    },
  };
}
export type BusinessHoursStore = ReturnType<typeof businessHoursStore>;

export type OfficeStatus =
  | { open: true }
  /** Closed now; `opens` is the next opening within two weeks (null: none set in that time). */
  | { open: false; opens: { date: string; weekday: string; time: string } | null };

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const weekdayOf = (date: string) => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
const pad = (n: number) => String(n).padStart(2, '0');

/** Whether the office is open at `instant`, and if not, when it next opens. */
export function officeStatus(hours: BusinessHours, instant: number, timeZone: string): OfficeStatus {
  const wall = wallClockParts(instant, timeZone);
  const today = `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
  const nowMinutes = wall.hour * 60 + wall.minute;
  const holidays = new Set(hours.holidays);
  const day = hours.days[weekdayOf(today)];
  if (day && !holidays.has(today) && nowMinutes >= minutesOf(day.opens) && nowMinutes < minutesOf(day.closes))
    return { open: true };
  for (let ahead = 0; ahead <= 14; ahead++) {
    const date = addDays(today, ahead);
    const hoursThen = hours.days[weekdayOf(date)];
    if (!hoursThen || holidays.has(date)) continue;
    if (ahead === 0 && nowMinutes >= minutesOf(hoursThen.opens)) continue;
    return { open: false, opens: { date, weekday: weekdayOf(date), time: hoursThen.opens } };
  }
  return { open: false, opens: null };
}

/** "8 AM", "12:30 PM": a time as a caller hears it. */
export function spokenTime(time: string): string {
  const minutes = minutesOf(time);
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}${minute ? `:${pad(minute)}` : ''} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "The office opens Monday at 8 AM." / "…opens today at 8 AM." / "…tomorrow…" */
export function whenOfficeOpens(status: OfficeStatus, instant: number, timeZone: string): string {
  if (status.open) return '';
  if (!status.opens) return 'The office is closed for now.';
  const wall = wallClockParts(instant, timeZone);
  const today = `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
  const { date, weekday, time } = status.opens;
  const when =
    date === today
      ? 'today'
      : date === addDays(today, 1)
        ? 'tomorrow'
        : weekday[0]!.toUpperCase() + weekday.slice(1);
  return `The office opens ${when} at ${spokenTime(time)}.`;
}

/** Settings → Telephony: the office's hours and holidays (any signed-in staff member). */
export function businessHoursRoutes(store: BusinessHoursStore) {
  const router = Router();
  router.get('/api/settings/business-hours', (_req, res) => {
    res.json(store.get());
  });
  router.put('/api/settings/business-hours', (req, res) => {
    res.json(store.save(parseWith(businessHoursSchema.strict(), req.body ?? {})));
  });
  return router;
}
