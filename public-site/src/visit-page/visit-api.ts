import { LOCALES, VISIT_REFUSALS, type PublicVisit } from '@washdesk/contract';
import type { MessageId } from '../i18n/catalog.en.ts';
import { pageLanguage, t } from '../i18n/i18n.ts';

// The visit page's calls. No zod here (the public bundle stays small): the server's answer is the
// contract's PublicVisit, and a refusal carries { error: { message } } worded for the customer.

export type VisitAnswerResult =
  | { kind: 'visit'; visit: PublicVisit }
  | { kind: 'done' }
  | { kind: 'refused'; status: number; message: string };

const looksLikeVisit = (value: unknown): value is PublicVisit =>
  typeof value === 'object' && value !== null && Array.isArray((value as PublicVisit).freeSlots);

async function answerOf(response: Response): Promise<VisitAnswerResult> {
  if (response.status === 204) return { kind: 'done' };
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && looksLikeVisit(body)) return { kind: 'visit', visit: body };
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return {
    kind: 'refused',
    status: response.status,
    message: typeof message === 'string' ? refusalIn(message) : `${response.status}: ${response.statusText}`,
  };
}

const visitUrl = (token: string) => `/api/public/visits/${encodeURIComponent(token)}`;
const post = async (token: string, action: string, body: unknown = {}) =>
  answerOf(
    await fetch(`${visitUrl(token)}/${action}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

export const fetchVisit = async (token: string) => answerOf(await fetch(visitUrl(token)));
export const confirmVisit = (token: string) => post(token, 'confirm');
export const rescheduleVisit = (token: string, date: string, time: string) =>
  post(token, 'reschedule', { date, time });
export const cancelVisit = (token: string, reason: string) =>
  post(token, 'cancel', reason.trim() ? { reason } : {});

/** "Thursday, November 26" for a `YYYY-MM-DD` calendar date (read as that date, in any time zone). */
export const formatVisitDay = (date: string) =>
  new Intl.DateTimeFormat(LOCALES[pageLanguage()], {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

/** The server's refusals are the contract's English words: each one known is shown in the page's language. */
const REFUSAL_IDS = new Map<string, MessageId>(
  Object.entries(VISIT_REFUSALS).map(([key, text]) => [text, `visit.refusal.${key}` as MessageId]),
);
export const refusalIn = (message: string) => {
  const id = REFUSAL_IDS.get(message);
  return id ? t(id) : message;
};
