import { randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  RAIN_DAY_NEXT_FREE,
  type Appointment,
  type Language,
  type RainDayApplied,
  type RainDayMove,
  type RainDayPlan,
  type RainDayUndone,
} from '@washdesk/contract';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { AppointmentRules } from '../appointments/appointment-rules.ts';
import type { CrewRepository } from '../crews/crew.repository.ts';
import type { Db } from '../db/database.ts';
import { HttpError, notFound, validationError } from '../http/errors.ts';
import type { OutboxRepository } from '../outbox/outbox.repository.ts';
import { visitDayText } from '../reminders/visit-reminders.ts';
import type { BusinessTexts } from '../texts/business-texts.ts';
import type { TextsService } from '../texts/texts.service.ts';
import { addDays, type Clock } from '../time.ts';
import type { RainDayRepository } from './rain-day.repository.ts';
import {
  messageFor,
  minutesOf,
  RAIN_DAY_TEMPLATE,
  rainDayText,
  UNDONE_TEXT,
  visitWords,
  type BusinessVoice,
} from './visit-moved-text.ts';

// A rained-out day moved in one go (issue 33, item 4): every visit of the day (or of one crew's
// day) to a chosen day or to each customer's next free slot, each customer told in their words.
// The texts wait for the undo window to close, so "Undo" within it puts every visit back and
// cancels every text before it goes; undo after the window is refused, never half-done.

export const UNDO_WINDOW_MS = 10 * 60_000;
/** How far "next free slot" looks ahead before saying there is none. */
const NEXT_FREE_DAYS = 60;
export const RAIN_DAY_UNPLACED_CODE = 'rain_day_unplaced';
export const UNDO_EXPIRED_CODE = 'undo_expired';
export const ALREADY_UNDONE_CODE = 'already_undone';

/** The booking rules a rain day asks (appointments/appointment-rules.ts). */
export type RainDayRules = Pick<AppointmentRules, 'today' | 'openTimes'>;

interface Taken {
  date: string;
  crewId: number;
  start: number;
  end: number;
}

export function rainDays(deps: {
  db: Db;
  appointments: Pick<AppointmentRepository, 'scheduledOnDay' | 'moveToSlot' | 'get'>;
  crews: Pick<CrewRepository, 'get' | 'active'>;
  rules: RainDayRules;
  record: RainDayRepository;
  outbox: Pick<OutboxRepository, 'byKey' | 'cancel'>;
  texting: Pick<BusinessTexts, 'check'> | null;
  texts: Pick<TextsService, 'queueText'>;
  business: BusinessVoice;
  /** The customer's language: each text is written in it. */
  languageOf: (visit: Pick<Appointment, 'customerPhone' | 'customerEmail'>) => Language;
  clock: Clock;
}) {
  const { rules, business } = deps;

  /** The first free slot on `date` for this visit: its own crew first, never one already planned. */
  function slotOn(date: string, visit: Appointment, taken: Taken[], near: number | null) {
    const crews = deps.crews.active();
    const own = crews.filter((c) => c.id === visit.crewId);
    let best: { time: string; crewId: number; score: number } | null = null;
    for (const crew of [...own, ...crews.filter((c) => c.id !== visit.crewId)]) {
      for (const time of rules.openTimes(date, { durationMinutes: visit.durationMinutes, crewId: crew.id })) {
        const start = minutesOf(time);
        const end = start + visit.durationMinutes;
        if (taken.some((t) => t.date === date && t.crewId === crew.id && start < t.end && t.start < end))
          continue;
        // On a chosen day, as near the visit's old time as can be; for "next free", the earliest.
        const score = near === null ? start : Math.abs(start - near);
        if (!best || score < best.score) best = { time, crewId: crew.id, score };
      }
    }
    return best && { date, time: best.time, crewId: best.crewId };
  }

  function plan(input: { date: string; crewId?: number | null; toDate: string }, dueAt: number): RainDayPlan {
    const crewId = input.crewId ?? null;
    if (crewId !== null && !deps.crews.get(crewId)) throw notFound('Crew');
    if (input.date < rules.today()) throw validationError({ date: 'A rain day is today or a later day' });
    if (input.toDate === input.date)
      throw validationError({ toDate: 'Choose another day than the rained-out one' });
    if (input.toDate !== RAIN_DAY_NEXT_FREE && input.toDate < rules.today())
      throw validationError({ toDate: 'Choose today or a later day' });
    const taken: Taken[] = [];
    const moves = deps.appointments.scheduledOnDay(input.date, crewId).map((visit): RainDayMove => {
      let to: RainDayMove['to'] = null;
      if (input.toDate === RAIN_DAY_NEXT_FREE) {
        const first = input.date < rules.today() ? rules.today() : addDays(input.date, 1);
        for (let day = first, n = 0; !to && n < NEXT_FREE_DAYS; day = addDays(day, 1), n++)
          to = slotOn(day, visit, taken, null);
      } else {
        to = slotOn(input.toDate, visit, taken, visit.preferredTime ? minutesOf(visit.preferredTime) : null);
      }
      if (to)
        taken.push({
          ...to,
          start: minutesOf(to.time),
          end: minutesOf(to.time) + visit.durationMinutes,
        });
      const from = { date: visit.scheduledDate, time: visit.preferredTime, crewId: visit.crewId };
      const body = to ? rainDayText(business, visit, from, to, deps.languageOf(visit)) : '';
      return {
        visitId: visit.id,
        customerName: visit.customerName,
        serviceLabel: visitWords(visit),
        from,
        to,
        message: to
          ? messageFor(deps.texting, visit.customerPhone, body, dueAt)
          : { texted: false, reason: 'No free slot: not moved', body },
      };
    });
    return {
      date: input.date,
      crewId,
      toDate: input.toDate,
      moves,
      unplaced: moves.filter((m) => !m.to).length,
    };
  }

  const whereTo = (toDate: string) =>
    toDate === RAIN_DAY_NEXT_FREE
      ? "each customer's next free slot"
      : visitDayText(toDate, business.timeZone);

  return {
    preview: (input: { date: string; crewId?: number | null; toDate: string }) =>
      plan(input, deps.clock() + UNDO_WINDOW_MS),

    /** Moves every visit and queues every text in one transaction; the texts wait out the undo window. */
    apply(input: { date: string; crewId?: number | null; toDate: string }, staff: { id: number }) {
      return deps.db.transaction((): RainDayApplied & { changed: Appointment[] } => {
        const now = deps.clock();
        const undoUntil = now + UNDO_WINDOW_MS;
        const planned = plan(input, undoUntil);
        if (planned.unplaced)
          throw new HttpError(
            409,
            RAIN_DAY_UNPLACED_CODE,
            `${planned.unplaced} of the ${planned.moves.length} visits have no free slot on ${whereTo(input.toDate)}: ` +
              'choose another day, or each customer’s next free slot. Nothing was moved.',
          );
        if (!planned.moves.length)
          throw new HttpError(409, ERROR_CODES.conflict, 'No scheduled visits on that day: nothing to move.');
        const undoId = randomBytes(16).toString('hex');
        const changed: Appointment[] = [];
        const records = planned.moves.map((move) => {
          const to = move.to!;
          const after = deps.appointments.moveToSlot(move.visitId, to);
          if (after) changed.push(after);
          const messageKey = `${RAIN_DAY_TEMPLATE}:${undoId}:${move.visitId}`;
          if (move.message.texted)
            deps.texts.queueText({
              to: move.message.to,
              body: move.message.body,
              key: messageKey,
              template: RAIN_DAY_TEMPLATE,
              sender: 'staff',
              staffUserId: staff.id,
              automatic: false,
              about: `appointment:${move.visitId}`,
              dueAt: new Date(undoUntil),
            });
          return {
            visitId: move.visitId,
            from: move.from,
            to,
            messageKey: move.message.texted ? messageKey : null,
          };
        });
        deps.record.record(
          {
            undoId,
            date: input.date,
            crewId: input.crewId ?? null,
            moves: records,
            appliedAt: new Date(now).toISOString(),
            undoUntil: new Date(undoUntil).toISOString(),
          },
          staff.id,
        );
        return {
          ...planned,
          undoId,
          appliedAt: new Date(now).toISOString(),
          undoUntil: new Date(undoUntil).toISOString(),
          changed,
        };
      })();
    },

    /** Puts every visit back and cancels every text not yet gone, within the window, once. */
    undo(undoId: string, date: string | undefined, staff: { id: number }) {
      return deps.db.transaction((): RainDayUndone & { changed: Appointment[] } => {
        const rainDay = deps.record.get(undoId);
        if (!rainDay) throw notFound('Rain day');
        if (date !== undefined && date !== rainDay.date)
          throw new HttpError(
            409,
            ERROR_CODES.conflict,
            `This undo belongs to the rain day of ${visitDayText(rainDay.date, business.timeZone)}, not this day.`,
          );
        if (rainDay.undoneAt)
          throw new HttpError(409, ALREADY_UNDONE_CODE, 'This rain day was already undone.');
        const now = deps.clock();
        if (now >= Date.parse(rainDay.undoUntil))
          throw new HttpError(
            409,
            UNDO_EXPIRED_CODE,
            'The 10 minutes to undo this rain day have passed: the customers have been told. Move visits one by one instead.',
          );
        let restored = 0;
        let cancelledTexts = 0;
        let corrected = 0;
        const changed: Appointment[] = [];
        for (const move of rainDay.moves) {
          const visit = deps.appointments.get(move.visitId);
          // Only a visit still where the rain day put it goes back: one staff moved since stays.
          const still =
            visit?.status === 'scheduled' &&
            visit.scheduledDate === move.to.date &&
            visit.preferredTime === move.to.time &&
            visit.crewId === move.to.crewId;
          if (still) {
            const back = deps.appointments.moveToSlot(move.visitId, move.from);
            if (back) {
              changed.push(back);
              restored += 1;
            }
          }
          const text = move.messageKey ? deps.outbox.byKey(move.messageKey) : undefined;
          if (!text) continue;
          if (text.state === 'pending' && deps.outbox.cancel(text.id, 'The rain day was undone'))
            cancelledTexts += 1;
          else if (text.state === 'sending' || text.state === 'sent') {
            // It went (or may have): the customer is told the visit stays where it was.
            if (!visit) continue;
            deps.texts.queueText({
              to: text.recipient,
              body: UNDONE_TEXT(business, visit, move.from.date, move.from.time, deps.languageOf(visit)),
              key: `${RAIN_DAY_TEMPLATE}-undone:${undoId}:${move.visitId}`,
              template: `${RAIN_DAY_TEMPLATE}-undone`,
              sender: 'staff',
              staffUserId: staff.id,
              automatic: false,
              about: `appointment:${move.visitId}`,
              dueAt: new Date(now),
            });
            corrected += 1;
          }
        }
        if (!deps.record.markUndone(undoId, new Date(now).toISOString()))
          throw new HttpError(409, ALREADY_UNDONE_CODE, 'This rain day was already undone.');
        return { undoId, restored, cancelledTexts, corrected, changed };
      })();
    },
  };
}
export type RainDays = ReturnType<typeof rainDays>;
