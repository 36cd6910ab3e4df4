import type { PastTurn } from './assistant.repository.ts';
import { appointmentServiceLabel } from '@washdesk/contract';
import { spokenDate } from './booking.ts';
import { isSpanish } from './spanish.ts';

/** Said first in a call's summary (and so in the lead's detail): the call back should be in Spanish. */
export const SPANISH_NOTE = 'Spanish: the customer speaks Spanish; answer them in Spanish.';

/** The note for a call where the caller spoke Spanish, or ''. */
export const spanishNoteFor = (turns: readonly PastTurn[]) =>
  turns.some((t) => t.customer && isSpanish(t.customer)) ? SPANISH_NOTE : '';

const quoted = (text: string) => `"${text.length > 80 ? `${text.slice(0, 77).trimEnd()}...` : text}"`;

/** The call for a model to summarise: who said what, in order. */
export const transcriptOf = (turns: readonly PastTurn[]) =>
  turns.map((t) => `Caller: ${t.customer || '(silence)'}\nAssistant: ${t.assistant}`).join('\n');

/**
 * A call's summary for Call Logs when no model writes one: what the caller asked, what was booked,
 * and whether someone owes them a call back. Null for a call with nothing said.
 */
export function buildCallSummary(
  turns: readonly PastTurn[],
  appointment: { service_type: string; scheduled_date: string; preferred_time: string | null } | undefined,
  call: { callback_requested: number; forwarded_to: string | null } | undefined,
): string | null {
  const parts: string[] = [spanishNoteFor(turns)].filter(Boolean);
  const questions = turns.filter((t) => t.customer && t.intent !== 'scheduling' && t.intent !== 'handoff');
  if (questions.length) {
    const shown = questions.slice(0, 2).map((t) => quoted(t.customer));
    const more = questions.length > 2 ? ` and ${questions.length - 2} more` : '';
    parts.push(`Asked ${shown.join(' and ')}${more}.`);
  }
  if (appointment) {
    const service = appointmentServiceLabel(appointment.service_type);
    const time = appointment.preferred_time ? ` at ${appointment.preferred_time}` : '';
    parts.push(`Booked a free estimate (${service}) for ${spokenDate(appointment.scheduled_date)}${time}.`);
  } else if (turns.some((t) => t.intent === 'scheduling')) {
    parts.push('Started booking a free estimate but did not confirm it.');
  }
  if (call?.forwarded_to) parts.push('Asked for a person and was put through to the office.');
  else if (call?.callback_requested) parts.push('Asked for a person: call them back.');
  return parts.length ? parts.join(' ') : null;
}
