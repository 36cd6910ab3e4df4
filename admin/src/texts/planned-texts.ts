import type { TextMessage } from '@washdesk/contract';

// Texts the outbox holds for later (a visit reminder for Tuesday 9 AM, a text held for quiet hours)
// are not part of what was said yet: the thread shows them after the conversation, as planned, so
// none of them reads as sent. One due now is simply waiting to send and stays in its place.

const soon = new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' });
const later = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const WEEK_MS = 6 * 24 * 3_600_000;

/** "Planned for Tue 9:00 AM" within the coming week, "Planned for Tue, Dec 8, 9:00 AM" after it. */
export function plannedLabel(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return `Planned for ${(at.getTime() - now.getTime() < WEEK_MS ? soon : later).format(at)}`;
}

/** Whether the outbox holds this text for a later time than now. */
export const isPlanned = (m: TextMessage, now = new Date()) =>
  m.plannedFor !== null && Date.parse(m.plannedFor) > now.getTime();

/** The conversation as it happened, and after it the texts planned, soonest first. */
export function splitPlanned(messages: TextMessage[], now = new Date()) {
  const planned = messages
    .filter((m) => isPlanned(m, now))
    .sort((a, b) => Date.parse(a.plannedFor!) - Date.parse(b.plannedFor!));
  return { said: messages.filter((m) => !isPlanned(m, now)), planned };
}
