import {
  appointmentServiceLabel,
  fromTheBusiness,
  phoneNumberOf,
  startHourOf,
  type Appointment,
  type RainDayMessage,
} from '@washdesk/contract';
import type { BusinessTexts } from '../texts/business-texts.ts';
import { visitDayText } from '../reminders/visit-reminders.ts';

// What a customer reads when staff move their visit in bulk (a rain day, the route's order), and
// whether the one sender will text them at all — decided once here, so the preview staff read is
// the text that goes and "not texted" is said before anyone presses Send.

export const RAIN_DAY_TEMPLATE = 'rain-day';
export const ROUTE_TIME_TEMPLATE = 'route-time';

/** A visit's minutes after midnight ("9:00 AM" → 540); the day's times are on the hour. */
export const minutesOf = (time: string) => (startHourOf(time) ?? 0) * 60;

/** How the customer names the visit: "free estimate" or "house wash". */
export const visitWords = (v: Pick<Appointment, 'kind' | 'serviceType'>) =>
  v.kind === 'estimate' ? 'free estimate' : appointmentServiceLabel(v.serviceType).toLowerCase();

export interface BusinessVoice {
  name: string;
  phone: string;
  timeZone: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'there';
const at = (date: string, time: string | null, timeZone: string) =>
  `${visitDayText(date, timeZone)}${time ? ` at ${time}` : ''}`;

export function rainDayText(
  business: BusinessVoice,
  v: Pick<Appointment, 'customerName' | 'kind' | 'serviceType'>,
  from: { date: string; time: string | null },
  to: { date: string; time: string },
) {
  return fromTheBusiness(
    business.name,
    `Hi ${firstName(v.customerName)}, because of the weather we've moved your ${visitWords(v)} from ` +
      `${at(from.date, from.time, business.timeZone)} to ${at(to.date, to.time, business.timeZone)}. ` +
      `Reply or call ${business.phone} if that time doesn't suit you.`,
  );
}

export function routeTimeText(
  business: BusinessVoice,
  v: Pick<Appointment, 'customerName' | 'kind' | 'serviceType'>,
  date: string,
  from: string | null,
  to: string,
) {
  return fromTheBusiness(
    business.name,
    `Hi ${firstName(v.customerName)}, your ${visitWords(v)} on ${visitDayText(date, business.timeZone)} ` +
      `is now at ${to}${from ? ` (it was ${from})` : ''}, to fit the crew's route. ` +
      `Reply or call ${business.phone} if that time doesn't suit you.`,
  );
}

export const UNDONE_TEXT = (
  business: BusinessVoice,
  v: Pick<Appointment, 'customerName' | 'kind' | 'serviceType'>,
  date: string,
  time: string | null,
) =>
  fromTheBusiness(
    business.name,
    `Hi ${firstName(v.customerName)}, please ignore our last text: your ${visitWords(v)} stays on ` +
      `${at(date, time, business.timeZone)}. Sorry for the mix-up.`,
  );

/**
 * Whether the one sender will text this customer when the message is due, asked without sending
 * (staff chose to send it: STOP always holds; quiet hours do not, as for any staff text).
 */
export function messageFor(
  texting: Pick<BusinessTexts, 'check'> | null,
  phone: string,
  body: string,
  dueAt: number,
): RainDayMessage {
  const to = phoneNumberOf(phone);
  if (!to) return { texted: false, reason: 'No mobile number on the visit', body };
  if (!texting) return { texted: false, reason: 'Texts are not set up on this server', body };
  const held = texting.check(to, 'staff', dueAt);
  if (held && !held.sent) return { texted: false, reason: held.reason, body };
  return { texted: true, to, body, sendsAt: new Date(dueAt).toISOString() };
}
