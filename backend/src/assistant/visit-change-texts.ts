import { isDialable, withAccountLine } from '@washdesk/contract';
import type { CustomerLanguages } from '../customers/customer-languages.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { Clock } from '../time.ts';

// The text that tells a customer the visit they changed by phone was changed: queued on the durable
// outbox (sent by the one gated sender: STOP always applies), never sent from inside the turn. The
// outbox is built by the texts feature, which itself needs the assistant, so app.ts hands it over
// once both exist; until then (or without texts) nothing is queued and nothing claims it was.
// Like every visit message, it ends with the customer's own page (issue 36, account-line.ts), in
// the customer's language.

export const VISIT_CHANGE_TEMPLATE = 'visit-change-by-phone';

/** What a visit-change text needs besides the outbox: our public address and the customer's language. */
export interface VisitChangeTexting {
  publicUrl: () => string;
  languages: Pick<CustomerLanguages, 'languageOf'>;
}

export interface VisitChangeTexts {
  /** Queues `body`, then the account line, to the visit's phone. */
  tell(visit: { id: number; customerPhone: string | null }, body: string): void;
  /** The outbox to queue on and the account line's address and language (app.ts, once they exist). */
  use(outbox: Pick<Outbox, 'queue'>, texting: VisitChangeTexting): void;
}

export function visitChangeTexts(clock: Clock = Date.now): VisitChangeTexts {
  let ready: { outbox: Pick<Outbox, 'queue'>; texting: VisitChangeTexting } | null = null;
  return {
    use: (outbox, texting) => void (ready = { outbox, texting }),
    tell(visit, said) {
      if (!ready || !visit.customerPhone || !isDialable(visit.customerPhone)) return;
      const { outbox, texting } = ready;
      const language = texting.languages.languageOf({ phone: visit.customerPhone });
      const body = withAccountLine(said, texting.publicUrl(), language);
      const now = clock();
      outbox.queue({
        // One text per change: a second change of the same visit is another text.
        idempotencyKey: `${VISIT_CHANGE_TEMPLATE}:${visit.id}:${now}:${said}`,
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
