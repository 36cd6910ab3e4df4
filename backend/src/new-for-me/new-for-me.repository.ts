import type { NewForMe, SeenList } from '@washdesk/contract';
import type { Db } from '../db/database.ts';

/**
 * What is new for one staff member: rows created since they last opened that list. Someone who
 * never opened a list counts from when their account was made, not from the beginning of time.
 */
export function newForMeRepository(db: Db) {
  const seenAt = `COALESCE((SELECT seen_at FROM staff_seen WHERE user_id = @userId AND list = @list),
    (SELECT created_at FROM users WHERE id = @userId))`;
  const leads = db.prepare(`SELECT
      (SELECT COUNT(*) FROM photo_submissions WHERE created_at > ${seenAt.replace(/@list/g, "'leads'")}) +
      (SELECT COUNT(*) FROM service_requests WHERE created_at > ${seenAt.replace(/@list/g, "'leads'")}) AS n`);
  const calls = db.prepare(`SELECT COUNT(*) AS n FROM calls
    WHERE created_at > ${seenAt.replace(/@list/g, "'calls'")} AND (status = 'missed' OR callback_requested = 1)`);
  const messages = db.prepare(`SELECT COUNT(*) AS n FROM messenger_messages
    WHERE sender = 'customer' AND created_at > ${seenAt.replace(/@list/g, "'messages'")}`);
  const texts = db.prepare(`SELECT COUNT(*) AS n FROM text_messages
    WHERE direction = 'in' AND created_at > ${seenAt.replace(/@list/g, "'texts'")}`);
  // A customer's move, cancel or request to reschedule (reminders/visit-answer-book.ts keeps them).
  const visits = db.prepare(`SELECT COUNT(*) AS n FROM visit_answers
    WHERE answer IN ('rescheduled', 'cancelled', 'reschedule') AND created_at > ${seenAt.replace(/@list/g, "'visits'")}`);
  const markSeen = db.prepare(`INSERT INTO staff_seen (user_id, list, seen_at) VALUES (@userId, @list, @at)
    ON CONFLICT (user_id, list) DO UPDATE SET seen_at = MAX(seen_at, excluded.seen_at)`);
  const n = (statement: ReturnType<Db['prepare']>, userId: number) =>
    (statement.get({ userId }) as { n: number }).n;
  return {
    counts: (userId: number): NewForMe =>
      db.transaction(() => ({
        newLeads: n(leads, userId),
        missedCalls: n(calls, userId),
        unreadMessages: n(messages, userId),
        unreadTexts: n(texts, userId),
        changedVisits: n(visits, userId),
      }))(),
    markSeen: (userId: number, list: SeenList, at: string) => void markSeen.run({ userId, list, at }),
  };
}
export type NewForMeRepository = ReturnType<typeof newForMeRepository>;
