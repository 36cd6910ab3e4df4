import type { PastTurn } from './assistant.repository.ts';
import { appointmentServiceLabel, type Appointment, type Call } from '@washdesk/contract';
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
  appointment: Pick<Appointment, 'serviceType' | 'scheduledDate' | 'preferredTime'> | undefined,
  call: Pick<Call, 'callbackRequested' | 'forwardedTo'>,
): string | null {
  const parts: string[] = [spanishNoteFor(turns)].filter(Boolean);
  const questions = turns.filter((t) => t.customer && t.intent !== 'scheduling' && t.intent !== 'handoff');
  if (questions.length) {
    const shown = questions.slice(0, 2).map((t) => quoted(t.customer));
    const more = questions.length > 2 ? ` and ${questions.length - 2} more` : '';
    parts.push(`Asked ${shown.join(' and ')}${more}.`);
  }
  if (appointment) {
    const service = appointmentServiceLabel(appointment.serviceType);
    const time = appointment.preferredTime ? ` at ${appointment.preferredTime}` : '';
    parts.push(`Booked a free estimate (${service}) for ${spokenDate(appointment.scheduledDate)}${time}.`);
  } else if (turns.some((t) => t.intent === 'scheduling')) {
    parts.push('Started booking a free estimate but did not confirm it.');
  }
  if (call.forwardedTo) parts.push('Asked for a person and was put through to the office.');
  else if (call.callbackRequested) parts.push('Asked for a person: call them back.');
  return parts.length ? parts.join(' ') : null;
}
