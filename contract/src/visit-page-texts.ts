import { channelsOf } from './channels.ts';
import type { VisitKind } from './jobs.ts';
import type { InBothLanguages, Language } from './language.ts';
// The customer's visit page (/visit/{token}), without zod: the public page imports these, and a
// module with schemas at its top level would bring zod into its bundle.

/** A visit link's key: 32 random bytes, written as 43 base64url characters (only its SHA-256 is kept). */
export const VISIT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const visitPagePath = (token: string) => `/visit/${token}`;

/** What a customer can answer to a reminder; "reschedule" is a text's "R", a request staff act on. */
export const VISIT_ANSWERS = ['confirmed', 'reschedule', 'rescheduled', 'cancelled'] as const;
export type VisitAnswer = (typeof VISIT_ANSWERS)[number];
export const VISIT_ANSWER_CHANNELS = channelsOf('text', 'link');
export type VisitAnswerChannel = (typeof VISIT_ANSWER_CHANNELS)[number];

/** How many days ahead (from today) a customer may move a visit to by themselves. */
export const VISIT_RESCHEDULE_DAYS = 14;

/**
 * What a customer reads a visit as, in every reminder, confirmation and on the visit page: an
 * estimate is the free estimate it is (never "your House Wash visit", which reads as the work
 * itself, booked and priced), a job is its title as sold ("house wash"). Fills "your {service}".
 */
export function visitCalled(visit: { kind: VisitKind; jobTitle?: string | null; serviceLabel: string }): string {
  if (visit.kind === 'estimate') return 'free estimate';
  return (visit.jobTitle?.trim() || visit.serviceLabel).replace(/^your\s+/i, '');
}
/** `visitCalled` in the customer's language: "estimado gratis", or the job's title as sold. */
export function visitCalledIn(
  language: Language,
  visit: { kind: VisitKind; jobTitle?: string | null; serviceLabel: string; serviceLabelEs?: string },
): string {
  if (language === 'en') return visitCalled(visit);
  if (visit.kind === 'estimate') return 'estimado gratis';
  return visit.jobTitle?.trim() || (visit.serviceLabelEs ?? visit.serviceLabel).toLowerCase();
}
/** The visit page's "Service" line in Spanish. */
export function visitServiceLineEs(visit: {
  kind: VisitKind;
  jobTitle?: string | null;
  serviceLabel: string;
  serviceLabelEs?: string;
}) {
  return visit.kind === 'estimate'
    ? `Estimado gratis: ${visit.serviceLabelEs ?? visit.serviceLabel}`
    : visitCalledIn('es', visit);
}
/** The visit page's "Service" line: the estimate names what it is an estimate for. */
export function visitServiceLine(visit: { kind: VisitKind; jobTitle?: string | null; serviceLabel: string }) {
  return visit.kind === 'estimate' ? `Free estimate: ${visit.serviceLabel}` : visitCalled(visit);
}

/** The visit as its page shows it: nothing of the customer but the visit's own address. */
export interface PublicVisit {
  business: { name: string; phone: string };
  /** What the customer reads it as: "Free estimate: House Wash", or the job's title ("house wash"). */
  service: string;
  /** The same in Spanish ("Estimado gratis: Lavado de casa"), for a page shown in Spanish (issue 37). */
  serviceEs: string;
  /** An estimate (free) or the job itself. */
  kind: VisitKind;
  /** `YYYY-MM-DD`, the business's calendar date. */
  date: string;
  time: string | null;
  address: string;
  /** The customer's last answer to this visit, if any. */
  answer: { answer: VisitAnswer; at: string } | null;
  /** Free times the visit can move to, computed by the booking rules when the page was read. */
  freeSlots: { date: string; times: string[] }[];
  /** The page opened by a signed-in staff member: shown, but only the customer can answer. */
  staffPreview: boolean;
}

export const VISIT_REFUSALS = {
  notFound: 'This visit link is not valid. Please check the link, or call us.',
  gone: 'This visit has already taken place or was cancelled, so it can no longer be changed.',
  slotTaken: 'That time is no longer free. Please pick another one.',
  slotOutOfRange: `Please pick one of the free times shown.`,
  staff: 'You are signed in as staff. Only the customer can answer from this page.',
} as const;
export const VISIT_STAFF_PREVIEW =
  "Staff preview: this is the customer's visit page. Answers are the customer's to give, so they are not offered here.";

/** What staff read of a customer's answer, on the appointment card and the requests inbox. */
export const VISIT_ANSWER_LABELS: Record<VisitAnswer, string> = {
  confirmed: 'Confirmed by the customer',
  reschedule: 'Customer asked to reschedule',
  rescheduled: 'Moved by the customer',
  cancelled: 'Cancelled by the customer',
};
export const VISIT_ANSWER_CHANNEL_LABELS: Record<VisitAnswerChannel, string> = {
  text: 'by text',
  link: 'from the reminder link',
};

/**
 * What the customer is sent when a visit is booked, and when a cancelled one is put back on the
 * calendar (after the business's name, like every automatic message). `what` is `visitCalled`'s
 * ("free estimate", "house wash"), `when` reads "Thursday, November 26 at 10:00 AM".
 */
export const VISIT_CONFIRMATION_TEXTS = {
  booked: (f: VisitMessageFacts) =>
    `your ${f.what} is booked for ${f.when}, ${f.address}. See it, confirm, reschedule or cancel at ${f.link} or call ${f.phone}.`,
  restored: (f: VisitMessageFacts) =>
    `your ${f.what} on ${f.when}, ${f.address} is back on our calendar. See it, confirm, reschedule or cancel at ${f.link} or call ${f.phone}.`,
} as const;
export type VisitConfirmationKind = keyof typeof VISIT_CONFIRMATION_TEXTS;
export interface VisitMessageFacts {
  what: string;
  when: string;
  address: string;
  link: string;
  phone: string;
}
/** The e-mail's subject line of each confirmation. */
export const VISIT_CONFIRMATION_SUBJECTS = {
  booked: (what: string, day: string) => `Your ${what} is booked for ${day}`,
  restored: (what: string, day: string) => `Your ${what} on ${day} is back on`,
} as const;

/** A visit's day and time as the confirmation says it, "Thursday, November 26 at 10:00 AM". */
export const VISIT_WHEN: InBothLanguages<(day: string, time: string | null) => string> = {
  en: (day, time) => (time ? `${day} at ${time}` : `${day} (we'll call to set the time)`),
  es: (day, time) => (time ? `${day} a las ${time}` : `${day} (le llamaremos para fijar la hora)`),
};

/** The confirmations in both languages; the English ones are `VISIT_CONFIRMATION_TEXTS` itself. */
export const VISIT_CONFIRMATION_TEXTS_IN: InBothLanguages<typeof VISIT_CONFIRMATION_TEXTS> = {
  en: VISIT_CONFIRMATION_TEXTS,
  es: {
    booked: (f) =>
      `su ${f.what} está programado para el ${f.when}, ${f.address}. Véalo, confírmelo, cámbielo o cancélelo en ${f.link} o llame al ${f.phone}.`,
    restored: (f) =>
      `su ${f.what} del ${f.when}, ${f.address} vuelve a estar en nuestro calendario. Véalo, confírmelo, cámbielo o cancélelo en ${f.link} o llame al ${f.phone}.`,
  },
};
export const VISIT_CONFIRMATION_SUBJECTS_IN: InBothLanguages<typeof VISIT_CONFIRMATION_SUBJECTS> = {
  en: VISIT_CONFIRMATION_SUBJECTS,
  es: {
    booked: (what, day) => `Su ${what} está programado para el ${day}`,
    restored: (what, day) => `Su ${what} del ${day} vuelve a estar programado`,
  },
};
/** A reminder e-mail's subject line. */
export const VISIT_REMINDER_SUBJECTS: InBothLanguages<(what: string, day: string) => string> = {
  en: (what, day) => `Your ${what} visit on ${day}`,
  es: (what, day) => `Su cita de ${what} el ${day}`,
};
