import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Clock } from '../time.ts';

// The one webhook inbox (issue 32): the webhook_events table's owner. Every provider event that
// changes anything is recorded here, keyed by (provider, the provider's id for the event), in the
// same transaction as its effect, so a retried, replayed or reordered delivery changes nothing.

export type WebhookProvider = 'twilio' | 'meta' | 'stripe';

/** What a webhook answered: a duplicate of the event is answered the same. */
export interface WebhookAnswer {
  status: number;
  type?: string;
  body?: string;
}

/**
 * An answer and the work that waits until the provider has it (issue 38: verify, store, answer).
 * `after` runs once, for the delivery that stored the event, and logs its own failures.
 */
export type WebhookReply = WebhookAnswer & { after?: () => Promise<void> };

/**
 * The `after` work of the webhooks answered so far: started at once, and `settled` resolves once
 * all of it is done (tests, and benchmarks that time each acknowledgement on its own).
 */
export function workAfterAnswers() {
  const running = new Set<Promise<void>>();
  return {
    run(after: () => Promise<void>) {
      const work = after().finally(() => running.delete(work));
      running.add(work);
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
export type WorkAfterAnswers = ReturnType<typeof workAfterAnswers>;

/** Runs `effect` with the event recorded in one transaction; undefined when already recorded. */
export type Once = <T>(effect: () => T) => T | undefined;

export function webhookInbox(db: Db, clock: Clock = Date.now) {
  const insert = db.prepare(
    `INSERT INTO webhook_events (provider, event_id, received_at) VALUES (?, ?, ?)
     ON CONFLICT (provider, event_id) DO NOTHING`,
  );
  const answered = db.prepare(
    'UPDATE webhook_events SET answer_status = ?, answer_type = ?, answer_body = ? WHERE provider = ? AND event_id = ?',
  );
  const find = db.prepare(
    'SELECT answer_status AS status, answer_type AS type, answer_body AS body FROM webhook_events WHERE provider = ? AND event_id = ?',
  );
  // A long id (a batch of Meta mids) is kept as its hash: one id, one key, any length.
  const keyOf = (id: string) =>
    id.length <= 200 ? id : `sha256:${createHash('sha256').update(id).digest('hex')}`;
  const record = (provider: WebhookProvider, eventId: string) =>
    insert.run(provider, keyOf(eventId), new Date(clock()).toISOString()).changes === 1;

  return {
    /**
     * Records the event as part of the caller's transaction: false when it was recorded before
     * (a duplicate), and then the caller changes nothing.
     */
    record,
    /** The event and its effect in one transaction: a fault rolls both back (the provider retries). */
    once<T>(provider: WebhookProvider, eventId: string, effect: () => T): T | undefined {
      return db.transaction(() => (record(provider, eventId) ? effect() : undefined))();
    },
    /**
     * What a recorded event was answered: undefined when it is not recorded, null when it is but
     * its answer was not kept (the process stopped between the two).
     */
    seen(provider: WebhookProvider, eventId: string): WebhookAnswer | null | undefined {
      const row = find.get(provider, keyOf(eventId)) as
        { status: number | null; type: string | null; body: string | null } | undefined;
      if (!row) return undefined;
      return row.status === null
        ? null
        : { status: row.status, type: row.type ?? undefined, body: row.body ?? undefined };
    },
    /**
     * Keeps what the provider was answered, for a duplicate to get the same. An answer equal to
     * `unkept` (what a duplicate gets when none is kept) is not written: a write for nothing on
     * the acknowledgement's path (issue 38).
     */
    answered(provider: WebhookProvider, eventId: string, answer: WebhookAnswer, unkept?: WebhookAnswer) {
      if (
        unkept &&
        answer.status === unkept.status &&
        answer.type === unkept.type &&
        answer.body === unkept.body
      )
        return;
      answered.run(answer.status, answer.type ?? null, answer.body ?? null, provider, keyOf(eventId));
    },
  };
}
export type WebhookInbox = ReturnType<typeof webhookInbox>;
