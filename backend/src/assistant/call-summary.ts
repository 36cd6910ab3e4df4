import type { PastTurn } from './assistant.repository.ts';
import { ADVERTISED_PRICES, appointmentServiceLabel, type Appointment, type Call } from '@washdesk/contract';
import { spokenDate } from './booking.ts';
import { isSpanish } from './spanish.ts';
import { jobDetailsOf } from './tools/job-details.ts';
import { PLACES, countyOf } from './tools/service-area.ts';
import { placesNamedIn } from './tools/place-names.ts';
import { NO_ANSWER } from './wording.ts';

/** Said first in a call's summary (and so in the lead's detail): the call back should be in Spanish. */
export const SPANISH_NOTE = 'Spanish: the customer speaks Spanish; answer them in Spanish.';

/** The note for a call where the caller spoke Spanish, or ''. */
export const spanishNoteFor = (turns: readonly PastTurn[]) =>
  turns.some((t) => t.customer && isSpanish(t.customer)) ? SPANISH_NOTE : '';

const SURFACE_SAID: Record<string, string> = {
  house_soft_wash: 'house wash',
  roof_cleaning: 'roof cleaning',
  moss_removal: 'moss removal',
  concrete_cleaning: 'concrete cleaning',
};
const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** "Asked the price of a 2-story house wash (about 2,000 sq ft)": what the tools read, not the words. */
function priceAsked(said: string): string {
  const job = jobDetailsOf(said);
  const surfaces = job.surfaces.map((s) =>
    s === 'concrete_cleaning' && /\bdriveway/i.test(said) ? 'driveway cleaning' : SURFACE_SAID[s]!,
  );
  if (!surfaces.length) return 'Asked about prices.';
  const storeys =
    job.stories && !job.surfaces.every((s) => s === 'concrete_cleaning') ? `${job.stories}-story ` : '';
  const size =
    job.size?.from === 'caller' ? ` (about ${job.size.squareFeet.toLocaleString('en-US')} sq ft)` : '';
  return `Asked the price of a ${storeys}${listed(surfaces)}${size}.`;
}

/** "Asked whether Willits is in the service area (Mendocino County)". */
function areaAsked(said: string): string {
  const [place] = placesNamedIn(said, PLACES);
  return place
    ? `Asked whether ${place.name} (${countyOf(place)}) is in the service area.`
    : 'Asked about the service area.';
}

/** "Asked whether the business cleans gutters.": the work named, in the price list's words. */
function servicesAsked(said: string): string {
  const job = jobDetailsOf(said);
  const named = [
    ...job.surfaces.map((s) => ADVERTISED_PRICES.find((p) => p.surface === s)!.label.toLowerCase()),
    ...job.unpricedSurfaces,
  ];
  return named.length
    ? `Asked whether the business does ${named.join(' and ')}.`
    : 'Asked about the services.';
}

/** What one question was about, in the summary's words (never the caller's, quoted). */
function asked(turn: PastTurn): string {
  if (turn.intent === 'pricing' || turn.intent === 'quote_request') return priceAsked(turn.customer);
  if (turn.intent === 'service_area') return areaAsked(turn.customer);
  if (turn.assistant.includes(NO_ANSWER)) return 'Asked something the assistant could not answer.';
  if (turn.intent === 'service_inquiry') return servicesAsked(turn.customer);
  return '';
}

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
  // A price question answered over several turns ("how much for my house?" … "2,000" … "two
  // stories") is one question: its turns are read together.
  const questions: PastTurn[] = [];
  for (const t of turns.filter((t) => t.customer && t.intent !== 'scheduling' && t.intent !== 'handoff')) {
    const last = questions.at(-1);
    const pricing = (i: string) => i === 'pricing' || i === 'quote_request';
    if (last && pricing(last.intent) && pricing(t.intent))
      questions[questions.length - 1] = { ...last, customer: `${last.customer} ${t.customer}` };
    else questions.push(t);
  }
  const said = [...new Set(questions.map(asked).filter(Boolean))];
  parts.push(...said.slice(0, 3));
  if (said.length > 3) parts.push(`And ${said.length - 3} more questions.`);
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
