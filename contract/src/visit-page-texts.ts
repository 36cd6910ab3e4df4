import { channelsOf } from './channels.ts';
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

/** The visit as its page shows it: nothing of the customer but the visit's own address. */
export interface PublicVisit {
  business: { name: string; phone: string };
  service: string;
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
