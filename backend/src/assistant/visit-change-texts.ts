import { isDialable } from '@washdesk/contract';
import type { Outbox } from '../outbox/outbox.ts';
import type { Clock } from '../time.ts';

// The text that tells a customer the visit they changed by phone was changed: queued on the durable
// outbox (sent by the one gated sender: STOP always applies), never sent from inside the turn. The
// outbox is built by the texts feature, which itself needs the assistant, so app.ts hands it over
// once both exist; until then (or without texts) nothing is queued and nothing claims it was.

export const VISIT_CHANGE_TEMPLATE = 'visit-change-by-phone';

export interface VisitChangeTexts {
  /** Queues `body` to the visit's phone. */
  tell(visit: { id: number; customerPhone: string | null }, body: string): void;
  /** The outbox to queue on (app.ts, once the texts feature exists). */
  use(outbox: Pick<Outbox, 'queue'>): void;
}

export function visitChangeTexts(clock: Clock = Date.now): VisitChangeTexts {
  let outbox: Pick<Outbox, 'queue'> | null = null;
  return {
    use: (o) => void (outbox = o),
    tell(visit, body) {
      if (!outbox || !visit.customerPhone || !isDialable(visit.customerPhone)) return;
      const now = clock();
      outbox.queue({
        // One text per change: a second change of the same visit is another text.
        idempotencyKey: `${VISIT_CHANGE_TEMPLATE}:${visit.id}:${now}:${body}`,
        channel: 'text',
        recipient: visit.customerPhone,
        template: VISIT_CHANGE_TEMPLATE,
        body,
        // The caller is on the line and asked for the change: a reply (STOP applies, quiet hours do not).
        automatic: false,
        dueAt: new Date(now),
      });
    },
  };
}
