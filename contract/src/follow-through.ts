import { z } from 'zod';
import { typedText } from './common.ts';
import type { Language } from './language.ts';

// The automatic messages' switches, timings and texts (issue 25): what Settings → Automatic
// messages edits and the backend sends. Each text may use only its own fields, in braces; a
// text naming any other is refused, so a typo never reaches a customer as "{nmae}".

export const TEMPLATE_FIELD_MEANINGS = {
  name: 'the customer\'s first name after a comma (", Dana"), left out when not known',
  link: 'the link the message is about (for a reminder: the visit page, to confirm, reschedule or cancel)',
  phone: "the business's phone number",
  service: 'what the visit is: "free estimate", or the job as sold ("house wash")',
  day: 'the visit\'s day ("Tuesday, December 1")',
  time: 'the visit\'s time ("10:00 AM")',
  address: "the visit's address",
} as const;
export type TemplateField = keyof typeof TEMPLATE_FIELD_MEANINGS;

/** The fields each message's text may use. */
const ENGLISH_FIELDS = {
  missedCallText: ['link', 'phone'],
  reminderText: ['name', 'service', 'day', 'time', 'address', 'link', 'phone'],
  followUpFirstText: ['name', 'link', 'phone'],
  followUpLaterText: ['name', 'link', 'phone'],
  reviewText: ['name', 'link', 'phone'],
  reserviceText: ['name', 'phone'],
} as const satisfies Record<string, readonly TemplateField[]>;
/** An automatic message as staff name it; each has an English and a Spanish text (issue 37). */
export type MessageName = keyof typeof ENGLISH_FIELDS;
/** The Spanish text of each message: its name with `Es`, the same fields. */
export type SpanishTemplateName = `${MessageName}Es`;
const spanishFields = Object.fromEntries(
  Object.entries(ENGLISH_FIELDS).map(([name, fields]) => [`${name}Es`, fields]),
) as { [N in MessageName as `${N}Es`]: (typeof ENGLISH_FIELDS)[N] };
/** The fields each text may use (the Spanish text of a message, the same as its English). */
export const TEMPLATE_FIELDS = { ...ENGLISH_FIELDS, ...spanishFields };
export type TemplateName = keyof typeof TEMPLATE_FIELDS;

const FIELD = /\{([^{}]*)\}/g;

/** The fields a text names that it may not use ("{nmae}"), in order, once each. */
export function unknownFieldsOf(text: string, allowed: readonly string[]): string[] {
  const names = [...text.matchAll(FIELD)].map((m) => m[1]!);
  return [...new Set(names.filter((n) => !allowed.includes(n)))];
}

/**
 * Fills a text's fields; {name} becomes ", Dana", or nothing when the name is not known (null). A
 * field given no value at all stays as typed (the preview shows what the text may not use).
 */
export const fillTemplate = (text: string, values: Partial<Record<TemplateField, string | null>>) =>
  text.replace(FIELD, (whole, field: string) => {
    if (!(field in values)) return whole;
    const value = values[field as TemplateField];
    if (field === 'name') return value ? `, ${value}` : '';
    return value ?? '';
  });

/** Automatic messages say who they are from: the business's name leads each one. */
export const fromTheBusiness = (businessName: string, body: string) =>
  body.startsWith(`${businessName}:`) ? body : `${businessName}: ${body}`;

const template = (name: TemplateName, label: string) =>
  typedText(`Type the ${label}`, { multiline: true }).pipe(
    z
      .string()
      .min(1, `Type the ${label}`)
      .max(480, `Keep the ${label} to 480 characters`)
      .superRefine((text, ctx) => {
        const unknown = unknownFieldsOf(text, TEMPLATE_FIELDS[name]);
        if (unknown.length > 0)
          ctx.addIssue({
            code: 'custom',
            message: `The ${label} cannot use ${braced(unknown)}: it may use ${braced(TEMPLATE_FIELDS[name])}`,
          });
      }),
  );
const braced = (fields: readonly string[]) => fields.map((f) => `{${f}}`).join(', ');

const timings = (unit: string, min: number, max: number) =>
  z
    .array(
      z
        .number({ error: `Each ${unit} must be a number` })
        .int(`Each ${unit} must be a whole number`)
        .min(min, `Each ${unit} must be at least ${min}`)
        .max(max, `Each ${unit} must be at most ${max}`),
    )
    .min(1, `Give at least one ${unit}`)
    .max(4, `At most four ${unit}s`)
    .refine((list) => new Set(list).size === list.length, `Give each ${unit} once`);

const hourOfDay = (which: string) =>
  z
    .number({ error: `Choose the hour quiet hours ${which}` })
    .int(`Choose the hour quiet hours ${which}`)
    .min(0, `Choose the hour quiet hours ${which}`)
    .max(23, `Choose the hour quiet hours ${which}`);

/** Hours of the business's day (0–23) between which nothing automatic goes; they may wrap midnight. */
export const quietHoursSchema = z
  .object({ startHour: hourOfDay('start'), endHour: hourOfDay('end') })
  .refine((q) => q.startHour !== q.endHour, 'Quiet hours must start and end at different hours');
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const followThroughSettingsSchema = z.object({
  /** Text a caller the photo-quote link after a missed, abandoned or call-back call. */
  missedCallTextBack: z.boolean({ error: 'missedCallTextBack must be true or false' }),
  missedCallText: template('missedCallText', 'missed-call text'),
  /** Reminders before each scheduled visit, this many hours before it. */
  visitReminders: z.boolean({ error: 'visitReminders must be true or false' }),
  reminderHours: timings('reminder hour', 1, 336),
  reminderText: template('reminderText', 'reminder text'),
  /** Follow-ups of a sent quote not yet answered, this many days after it was sent. */
  quoteFollowUps: z.boolean({ error: 'quoteFollowUps must be true or false' }),
  followUpDays: timings('follow-up day', 1, 60),
  followUpFirstText: template('followUpFirstText', 'first follow-up text'),
  followUpLaterText: template('followUpLaterText', 'later follow-up text'),
  /** After a visit is marked completed: one review request, the same for every customer. */
  reviewRequests: z.boolean({ error: 'reviewRequests must be true or false' }),
  /** Where customers leave a review (a Google Business Profile review link); none = no requests. */
  reviewLink: z.union([z.literal(''), z.url({ protocol: /^https$/, error: 'Must be an https:// link' })]),
  reviewText: template('reviewText', 'review request text'),
  /** Eleven months after a house wash: offer the next one. */
  reserviceReminders: z.boolean({ error: 'reserviceReminders must be true or false' }),
  reserviceText: template('reserviceText', 're-service reminder text'),
  /** Nothing automatic goes from startHour to endHour, business time (8 PM – 8 AM by default). */
  quietHours: quietHoursSchema,
  // The Spanish text of each message, for customers whose language is Spanish (issue 37).
  missedCallTextEs: template('missedCallTextEs', 'Spanish missed-call text'),
  reminderTextEs: template('reminderTextEs', 'Spanish reminder text'),
  followUpFirstTextEs: template('followUpFirstTextEs', 'Spanish first follow-up text'),
  followUpLaterTextEs: template('followUpLaterTextEs', 'Spanish later follow-up text'),
  reviewTextEs: template('reviewTextEs', 'Spanish review request text'),
  reserviceTextEs: template('reserviceTextEs', 'Spanish re-service reminder text'),
});
export type FollowThroughSettings = z.infer<typeof followThroughSettingsSchema>;

/** The one owner of every default: each switch on (it acts only when texting or e-mail is set up). */
export const DEFAULT_FOLLOW_THROUGH: FollowThroughSettings = {
  missedCallTextBack: true,
  missedCallText:
    "sorry we missed your call! Send us a few photos for a quick quote: {link} or reply here and we'll get back to you.",
  visitReminders: true,
  reminderHours: [48, 2],
  reminderText:
    'a reminder of your {service} visit on {day} at {time}, {address}. Confirm, reschedule or cancel at {link} or reply C to confirm or R to reschedule, or call {phone}.',
  quoteFollowUps: true,
  followUpDays: [2, 7],
  followUpFirstText:
    "just checking you received your quote{name}. It's here with the price and terms: {link} Any questions, reply or call {phone}.",
  followUpLaterText: 'your quote is still open{name}: {link} Happy to answer any questions at {phone}.',
  reviewRequests: true,
  reviewLink: '',
  reviewText: 'thank you for choosing us{name}! If you have a minute, a review helps a lot: {link}',
  reserviceReminders: true,
  reserviceText:
    "it's been almost a year since we washed your house{name}. Want us to book the next one? Reply or call {phone}.",
  quietHours: { startHour: 20, endHour: 8 },
  missedCallTextEs:
    '¡perdone que no pudimos contestar su llamada! Envíenos unas fotos para un presupuesto rápido: {link} o responda aquí y le contestamos.',
  reminderTextEs:
    'le recordamos su cita de {service} el {day} a las {time}, {address}. Confirme, cambie o cancele en {link}, responda C para confirmar o R para cambiar la fecha, o llame al {phone}.',
  followUpFirstTextEs:
    'queremos saber si recibió su presupuesto{name}. Aquí está con el precio y las condiciones: {link} Si tiene preguntas, responda o llame al {phone}.',
  followUpLaterTextEs: 'su presupuesto sigue disponible{name}: {link} Con gusto respondemos sus preguntas al {phone}.',
  reviewTextEs: '¡gracias por elegirnos{name}! Si tiene un minuto, una reseña nos ayuda mucho: {link}',
  reserviceTextEs:
    'ya casi pasó un año desde que lavamos su casa{name}. ¿Quiere que programemos el próximo lavado? Responda o llame al {phone}.',
};

/** A message's text in the customer's language, as Settings keeps it. */
export const templateIn = (settings: FollowThroughSettings, name: MessageName, language: Language): string =>
  language === 'es' ? settings[`${name}Es`] : settings[name];

/** What the Automatic messages tab shows beside the settings: what can send, and when nothing automatic goes. */
export const followThroughStatusSchema = z.object({
  texts: z.boolean(),
  email: z.boolean(),
  /** The saved quiet hours (Settings), as the scheduler uses them. */
  quietHours: quietHoursSchema,
});
export type FollowThroughStatus = z.infer<typeof followThroughStatusSchema>;

/** Where a sent quote's follow-ups stand, as its dialog shows them. */
export const QUOTE_FOLLOW_UP_STATES = ['planned', 'paused', 'stopped', 'finished', 'none'] as const;
export const quoteFollowUpsSchema = z.object({
  /**
   * planned: some are still to go; paused: staff stopped them (those not yet due can resume);
   * stopped: the quote was answered, replaced or the lead closed, or Settings turned them off;
   * finished: every one went; none: none was planned (no way to reach the customer, or off).
   */
  state: z.enum(QUOTE_FOLLOW_UP_STATES),
  /** When the next one is due (planned only). */
  nextDueAt: z.string().nullable(),
  /** Why they stopped (stopped and paused). */
  reason: z.string().nullable(),
  /** How many went out. */
  sent: z.number().int(),
});
export type QuoteFollowUps = z.infer<typeof quoteFollowUpsSchema>;
export const FOLLOW_UPS_STOPPED_BY_STAFF = 'Stopped by staff';
