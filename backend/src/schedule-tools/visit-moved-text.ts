import {
  APPOINTMENT_SERVICE_LABELS_ES,
  appointmentServiceLabel,
  fromTheBusiness,
  phoneNumberOf,
  startHourOf,
  type Appointment,
  type AppointmentServiceType,
  type Language,
  type RainDayMessage,
  withAccountLine,
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

/** How the customer names the visit: "free estimate" or "house wash" ("estimado gratis", "lavado de casa"). */
export const visitWords = (v: Pick<Appointment, 'kind' | 'serviceType'>, language: Language = 'en') => {
  if (language === 'es')
    return v.kind === 'estimate'
      ? 'estimado gratis'
      : (APPOINTMENT_SERVICE_LABELS_ES[v.serviceType as AppointmentServiceType] ?? appointmentServiceLabel(v.serviceType)).toLowerCase();
  return v.kind === 'estimate' ? 'free estimate' : appointmentServiceLabel(v.serviceType).toLowerCase();
};

export interface BusinessVoice {
  name: string;
  phone: string;
  timeZone: string;
  /** Our public address: a move's text ends with the customer's own page (issue 36, account-line.ts). */
  publicUrl: () => string;
}

const firstName = (name: string, language: Language) =>
  name.trim().split(/\s+/)[0] || (language === 'es' ? '' : 'there');
const at = (date: string, time: string | null, timeZone: string, language: Language) =>
  `${visitDayText(date, timeZone, language)}${time ? (language === 'es' ? ` a las ${time}` : ` at ${time}`) : ''}`;
/** "Hi Dana," / "Hola Dana,". */
const hello = (name: string, language: Language) =>
  language === 'es' ? `Hola${firstName(name, language) ? ` ${firstName(name, language)}` : ''}` : `Hi ${firstName(name, language)}`;

type MovedVisit = Pick<Appointment, 'customerName' | 'kind' | 'serviceType'>;

/** The rain day's text, in the customer's language. */
export function rainDayText(
  business: BusinessVoice,
  v: MovedVisit,
  from: { date: string; time: string | null },
  to: { date: string; time: string },
  language: Language = 'en',
) {
  const tz = business.timeZone;
  return withAccountLine(
    fromTheBusiness(
    business.name,
    language === 'es'
      ? `${hello(v.customerName, language)}, por el mal tiempo cambiamos su ${visitWords(v, language)} del ` +
          `${at(from.date, from.time, tz, language)} al ${at(to.date, to.time, tz, language)}. ` +
          `Responda o llame al ${business.phone} si esa hora no le conviene.`
      : `Hi ${firstName(v.customerName, language)}, because of the weather we've moved your ${visitWords(v)} from ` +
          `${at(from.date, from.time, tz, language)} to ${at(to.date, to.time, tz, language)}. ` +
          `Reply or call ${business.phone} if that time doesn't suit you.`,
    ),
    business.publicUrl(),
    language,
  );
}

export function routeTimeText(
  business: BusinessVoice,
  v: MovedVisit,
  date: string,
  from: string | null,
  to: string,
  language: Language = 'en',
) {
  const day = visitDayText(date, business.timeZone, language);
  return withAccountLine(
    fromTheBusiness(
    business.name,
    language === 'es'
      ? `${hello(v.customerName, language)}, su ${visitWords(v, language)} del ${day} ` +
          `ahora es a las ${to}${from ? ` (antes a las ${from})` : ''}, para la ruta del equipo. ` +
          `Responda o llame al ${business.phone} si esa hora no le conviene.`
      : `Hi ${firstName(v.customerName, language)}, your ${visitWords(v)} on ${day} ` +
          `is now at ${to}${from ? ` (it was ${from})` : ''}, to fit the crew's route. ` +
          `Reply or call ${business.phone} if that time doesn't suit you.`,
    ),
    business.publicUrl(),
    language,
  );
}

export const UNDONE_TEXT = (
  business: BusinessVoice,
  v: MovedVisit,
  date: string,
  time: string | null,
  language: Language = 'en',
) =>
  fromTheBusiness(
    business.name,
    language === 'es'
      ? `${hello(v.customerName, language)}, por favor ignore nuestro último mensaje: su ${visitWords(v, language)} sigue el ` +
          `${at(date, time, business.timeZone, language)}. Disculpe la confusión.`
      : `Hi ${firstName(v.customerName, language)}, please ignore our last text: your ${visitWords(v)} stays on ` +
          `${at(date, time, business.timeZone, language)}. Sorry for the mix-up.`,
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
