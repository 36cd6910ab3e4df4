import {
  fromTheBusiness,
  isDialable,
  VISIT_WHEN,
  withAccountLine,
  type InBothLanguages,
  type Language,
  type PreferredTime,
} from '@washdesk/contract';
import type { CustomerLanguages } from '../customers/customer-languages.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { visitDayText } from '../reminders/visit-reminders.ts';
import type { Clock } from '../time.ts';

// The text that tells a customer the visit they changed by phone was changed: queued on the durable
// outbox (sent by the one gated sender: STOP always applies), never sent from inside the turn. The
// outbox is built by the texts feature, which itself needs the assistant, so app.ts hands it over
// once both exist; until then (or without texts) nothing is queued and nothing claims it was.
// The text is written in the customer's stored language (issue 37), whatever language the call was
// in, like every other visit message, and ends with the customer's own page (issue 36,
// account-line.ts).

export const VISIT_CHANGE_TEMPLATE = 'visit-change-by-phone';

/** A visit's day and, when it has one, its time. */
export interface VisitTime {
  date: string;
  time: PreferredTime | null;
}

/** What the caller had done to their visit. */
export type VisitChange =
  { kind: 'moved'; from: VisitTime; to: VisitTime } | { kind: 'cancelled'; was: VisitTime };

/** The words of each change; `when` reads "Thursday, November 26 at 10:00 AM". */
const CHANGED: InBothLanguages<{
  moved: (from: string, to: string) => string;
  cancelled: (was: string) => string;
}> = {
  en: {
    moved: (from, to) => `your visit is moved from ${from} to ${to}. Reply or call us if anything changes.`,
    cancelled: (was) => `your visit on ${was} is cancelled. Call us any time to book again.`,
  },
  es: {
    moved: (from, to) => `su cita se cambió del ${from} al ${to}. Responda o llámenos si algo cambia.`,
    cancelled: (was) => `su cita del ${was} está cancelada. Llámenos cuando quiera para programar otra.`,
  },
};

/** What a visit-change text needs besides the outbox: who we are, our address and the customer's language. */
export interface VisitChangeTexting {
  businessName: string;
  timeZone: string;
  publicUrl: () => string;
  languages: Pick<CustomerLanguages, 'languageOf'>;
}

export interface VisitChangeTexts {
  /** Queues the change, in the customer's language and with the account line, to the visit's phone. */
  tell(visit: { id: number; customerPhone: string | null }, change: VisitChange): void;
  /** The outbox to queue on and the text's facts (app.ts, once they exist). */
  use(outbox: Pick<Outbox, 'queue'>, texting: VisitChangeTexting): void;
}

/** The change as the customer reads it, in their language. */
export function visitChangeText(change: VisitChange, language: Language, timeZone: string): string {
  const when = (v: VisitTime) => {
    const day = visitDayText(v.date, timeZone, language);
    return v.time ? VISIT_WHEN[language](day, v.time) : day;
  };
  return change.kind === 'moved'
    ? CHANGED[language].moved(when(change.from), when(change.to))
    : CHANGED[language].cancelled(when(change.was));
}

export function visitChangeTexts(clock: Clock = Date.now): VisitChangeTexts {
  let ready: { outbox: Pick<Outbox, 'queue'>; texting: VisitChangeTexting } | null = null;
  return {
    use: (outbox, texting) => void (ready = { outbox, texting }),
    tell(visit, change) {
      if (!ready || !visit.customerPhone || !isDialable(visit.customerPhone)) return;
      const { outbox, texting } = ready;
      const language = texting.languages.languageOf({ phone: visit.customerPhone });
      const said = fromTheBusiness(texting.businessName, visitChangeText(change, language, texting.timeZone));
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
