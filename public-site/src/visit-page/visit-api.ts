import type { PublicVisit } from '@washdesk/contract';

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
    message: typeof message === 'string' ? message : `${response.status}: ${response.statusText}`,
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
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
