import { Icon, Intent } from '@blueprintjs/core';
import {
  VISIT_ANSWER_CHANNEL_LABELS,
  VISIT_ANSWER_LABELS,
  type Appointment,
  type VisitAnswer,
} from '@washdesk/contract';
import { formatCallTime } from '../calls/call-format.ts';

const INTENTS: Record<VisitAnswer, Intent> = {
  confirmed: Intent.SUCCESS,
  reschedule: Intent.WARNING,
  rescheduled: Intent.PRIMARY,
  cancelled: Intent.DANGER,
};

/**
 * The customer's latest answer to a reminder ("C"/"R" texted back, or the visit page), when it
 * came and how, so the office sees a confirmed visit or a request to move it on the card.
 */
export function CustomerAnswerLine({ answer }: { answer: NonNullable<Appointment['customerAnswer']> }) {
  const detail = answer.answer === 'rescheduled' ? answer.detail : answer.detail && `"${answer.detail}"`;
  return (
    <p className="appointment-card__answer" data-testid="customer-answer">
      <Icon icon="comment" intent={INTENTS[answer.answer]} /> {VISIT_ANSWER_LABELS[answer.answer]}{' '}
      {VISIT_ANSWER_CHANNEL_LABELS[answer.channel]} · {formatCallTime(answer.at)}
      {detail && <> · {detail}</>}
    </p>
  );
}
