import { fillTemplate, fromTheBusiness, isDialable, pageLinkIn, templateIn, type Call } from '@washdesk/contract';
import { ENGLISH_ONLY, type CustomerLanguages } from '../customers/customer-languages.ts';
import type { CallRepository } from '../calls/call.repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import { localDate, type Clock } from '../time.ts';
import { DEFAULT_QUIET_HOURS, nextAllowedInstant } from '../outbox/quiet-hours.ts';
import { followThroughSettings } from './follow-through-settings.ts';
import type { TextsService } from './texts.service.ts';

// Missed-call text-back (issue 25, item 3): a call that ends missed or abandoned (the caller hung
// up before saying anything) gets one text with the photo-quote link,
// at once (the scheduler sends it within its pass; quiet hours may hold it to the morning), and
// never a second one to that number on the same day (the idempotency key is the number and the
// day the text reaches the phone).

export const MISSED_CALL_TEMPLATE = 'missed-call';

export function missedCallTextBack(deps: {
  /** The calls table's owner: the call an event is about. */
  calls: Pick<CallRepository, 'get'>;
  events: EventBus;
  texts: TextsService;
  settings: SettingsRepository;
  business: { name: string; phone: string };
  timeZone: string;
  publicUrl: () => string;
  languages?: Pick<CustomerLanguages, 'languageOf'>;
  clock?: Clock;
  /** A text-back that could not be queued must not fail the call's webhook: it is reported. */
  report: (error: unknown) => void;
}) {
  const clock = deps.clock ?? Date.now;
  const settings = followThroughSettings(deps.settings);

  /** Why this call earns a text-back, or null. */
  const reasonOf = (type: string, call: Call) => {
    // A blocked or unverified number was turned away on purpose: texting it would invite it back.
    if (call.screened !== null) return null;
    // A caller the assistant promised a call back (the hand-off's "call back" route), or who left a
    // message, was not missed: "sorry we missed your call!" would contradict what they were told.
    if (call.callbackRequested || call.voicemail !== null) return null;
    if (type === 'call.missed' && call.status === 'missed') return 'missed';
    // Ended without a word from the caller, nobody put through, no call back asked: abandoned.
    if (type === 'call.updated' && call.status === 'completed' && call.intent === null)
      return call.forwardedTo === null ? 'abandoned' : null;
    return null;
  };

  return deps.events.react((event) => {
    if (!event.type.startsWith('call.') || event.entityId === null) return;
    try {
      textBack(event.type, event.entityId);
    } catch (error) {
      deps.report(error);
    }
  });

  function textBack(type: string, callId: number) {
    const s = settings.read();
    if (!deps.texts.status().configured || !s.missedCallTextBack) return;
    const call = deps.calls.get(callId);
    if (!call || !isDialable(call.phoneNumber) || !reasonOf(type, call)) return;
    // The day the text reaches the phone: a call missed late at night and one early next morning
    // both get their text at 8 AM, so they count as one day's.
    const day = localDate(
      new Date(nextAllowedInstant(clock(), deps.timeZone, DEFAULT_QUIET_HOURS)),
      deps.timeZone,
    );
    const language = (deps.languages ?? ENGLISH_ONLY).languageOf({ phone: call.phoneNumber });
    deps.texts.queueText({
      to: call.phoneNumber,
      body: fromTheBusiness(
        deps.business.name,
        fillTemplate(templateIn(s, 'missedCallText', language), {
          // A Spanish-speaking caller's link opens the quote tool in Spanish.
          link: pageLinkIn(`${deps.publicUrl()}/photo-quote-tool`, language),
          phone: deps.business.phone,
        }),
      ),
      key: `${MISSED_CALL_TEMPLATE}:${call.phoneNumber}:${day}`,
      template: MISSED_CALL_TEMPLATE,
      sender: 'automatic',
      automatic: true,
      about: `call:${call.id}`,
    });
  }
}
