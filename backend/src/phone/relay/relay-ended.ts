import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { callChanged } from '../../events/announcements.ts';
import type { Call } from '@washdesk/contract';
import type { BusinessTexts } from '../../texts/business-texts.ts';
import type { RelayHandoff } from './relay-call.repository.ts';

/** What the phone line answers the <Connect action> with, once a streamed session has ended. */
export type AfterSession =
  /** Put through (or a message taken, per office hours); `putThrough` tells the office first. */
  | { next: 'hand-off'; putThrough: (forwardNumber: string) => void }
  /** The caller asked to leave a message: recorded, whatever the office hours. */
  | { next: 'take-message' }
  | { next: 'hang-up' }
  /** Sockets keep dropping: apologise, promise a call back. */
  | { next: 'fault' }
  | { next: 'twiml'; twiml: string };

/** The text the person picking up reads first: who is calling, why, and what was agreed. */
export const officeText = (businessName: string, h: RelayHandoff) =>
  [
    `${businessName}: putting through ${h.callerName ? `${h.callerName} (${h.callerNumber})` : h.callerNumber}.`,
    `Why: ${h.reason}.`,
    h.summary ? `So far: ${h.summary}` : 'Nothing was agreed yet.',
  ].join(' ');

/**
 * Before the office phone rings: the live announcement says who is put through and why, and the
 * forward number gets the same as a text (sent without holding up the call; a failure is logged).
 */
export function officeNote(deps: {
  config: Config;
  texts: BusinessTexts | null;
  events: EventBus;
  logger: Logger;
  call: Call;
  handoff: RelayHandoff;
}) {
  return (forwardNumber: string) => {
    const { call, handoff } = deps;
    deps.events.publish(
      callChanged(
        call,
        `asked for a person (${handoff.reason})${handoff.summary ? `: ${handoff.summary}` : ''}`,
      ),
    );
    if (!deps.texts) return;
    // To the business's own staff number, through the one sender: not a customer (no consent or
    // quiet hours), but a number that replied STOP is still never texted.
    deps.texts
      .send(forwardNumber, officeText(deps.config.business.name, handoff), { purpose: 'office' })
      .then((outcome) => {
        if (!outcome.sent)
          deps.logger.warn({ callId: call.id }, `hand-off text to the office held back: ${outcome.reason}`);
      })
      .catch((error: unknown) => {
        const { status, code } = error as { status?: number; code?: number };
        deps.logger.warn({ callId: call.id, status, code }, 'hand-off text to the office not sent');
      });
  };
}
