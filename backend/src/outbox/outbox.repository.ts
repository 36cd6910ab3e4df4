import type { Db } from '../db/database.ts';

// Prepared SQL over `outbox_messages` (migration 0022). Every state change is one statement or one
// transaction, so a crash leaves each row in a state the scheduler knows how to carry on from.

export type OutboxChannel = 'text' | 'email';
export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed' | 'cancelled';

export interface NewOutboxMessage {
  idempotencyKey: string;
  channel: OutboxChannel;
  recipient: string;
  customerId?: number | null;
  template: string;
  about?: string | null;
  subject?: string | null;
  body: string;
  automatic?: boolean;
  dueAt: Date;
}

export interface OutboxMessage {
  id: number;
  idempotencyKey: string;
  channel: OutboxChannel;
  recipient: string;
  customerId: number | null;
  template: string;
  about: string | null;
  subject: string | null;
  body: string;
  automatic: boolean;
  dueAt: string;
  state: OutboxState;
  attempts: number;
  claimedBy: string | null;
  claimedAt: string | null;
  providerId: string | null;
  error: string | null;
  deliveryStatus: string | null;
  deliveryError: string | null;
  createdAt: string;
  sentAt: string | null;
}

interface Row {
  id: number;
  idempotency_key: string;
  channel: OutboxChannel;
  recipient: string;
  customer_id: number | null;
  template: string;
  about: string | null;
  subject: string | null;
  body: string;
  automatic: number;
  due_at: string;
  state: OutboxState;
  attempts: number;
  claimed_by: string | null;
  claimed_at: string | null;
  provider_id: string | null;
  error: string | null;
  delivery_status: string | null;
  delivery_error: string | null;
  created_at: string;
  sent_at: string | null;
}

const toMessage = (r: Row): OutboxMessage => ({
  id: r.id,
  idempotencyKey: r.idempotency_key,
  channel: r.channel,
  recipient: r.recipient,
  customerId: r.customer_id,
  template: r.template,
  about: r.about,
  subject: r.subject,
  body: r.body,
  automatic: r.automatic === 1,
  dueAt: r.due_at,
  state: r.state,
  attempts: r.attempts,
  claimedBy: r.claimed_by,
  claimedAt: r.claimed_at,
  providerId: r.provider_id,
  error: r.error,
  deliveryStatus: r.delivery_status,
  deliveryError: r.delivery_error,
  createdAt: r.created_at,
  sentAt: r.sent_at,
});

const iso = (ms: number) => new Date(ms).toISOString();

export function outboxRepository(db: Db) {
  const insert = db.prepare(`INSERT INTO outbox_messages (idempotency_key, channel, recipient, customer_id,
      template, about, subject, body, automatic, due_at, created_at)
    VALUES (@idempotencyKey, @channel, @recipient, @customerId, @template, @about, @subject, @body,
      @automatic, @dueAt, @createdAt)
    ON CONFLICT (idempotency_key) DO NOTHING`);
  const byKey = db.prepare('SELECT * FROM outbox_messages WHERE idempotency_key = ?');
  const byId = db.prepare('SELECT * FROM outbox_messages WHERE id = ?');
  const sentAboutTo = db.prepare<
    [string, string],
    { about: string }
  >(`SELECT DISTINCT about FROM outbox_messages
    WHERE recipient = ? AND template = ? AND state = 'sent' AND about IS NOT NULL`);
  const due = db.prepare(`SELECT * FROM outbox_messages WHERE state = 'pending' AND due_at <= ?
    ORDER BY due_at, id LIMIT ?`);
  const claim = db.prepare(`UPDATE outbox_messages SET state = 'sending', due_at = @leaseUntil,
      claimed_by = @run, claimed_at = @now, attempts = attempts + 1
    WHERE id = @id AND state = 'pending'`);
  // Sending rows claimed by a run that is gone, or whose lease ran out: the process died between
  // sending and recording (or hangs). Both use the (state, due_at) index.
  const abandoned = db.prepare(`SELECT * FROM outbox_messages WHERE state = 'sending'
    AND (due_at <= @now OR claimed_by <> @run) ORDER BY due_at, id LIMIT @limit`);
  const reclaim = db.prepare(`UPDATE outbox_messages SET due_at = @leaseUntil, claimed_by = @run,
      claimed_at = @now WHERE id = @id AND state = 'sending' AND (due_at <= @now OR claimed_by <> @run)`);
  const sent = db.prepare(`UPDATE outbox_messages SET state = 'sent', provider_id = @providerId,
      sent_at = @now, error = NULL, delivery_status = COALESCE(delivery_status, @deliveryStatus)
    WHERE id = @id AND state = 'sending'`);
  const retry = db.prepare(`UPDATE outbox_messages SET state = 'pending', due_at = @dueAt, error = @error
    WHERE id = @id AND state = 'sending'`);
  // A send whose answer never came stays 'sending' (Twilio may have it) until `due_at`, when it is
  // abandoned and so reconciled with Twilio's list before anything is sent again.
  const unresolved = db.prepare(`UPDATE outbox_messages SET due_at = @dueAt, error = @error,
      attempts = attempts + 1 WHERE id = @id AND state = 'sending'`);
  const failed = db.prepare(`UPDATE outbox_messages SET state = 'failed', error = @error
    WHERE id = @id AND state = 'sending'`);
  const cancelOne = db.prepare(`UPDATE outbox_messages SET state = 'cancelled', error = @reason
    WHERE id = @id AND state IN ('pending', 'sending')`);
  const deferOne = db.prepare(`UPDATE outbox_messages SET state = 'pending', due_at = @dueAt,
      attempts = attempts - 1, claimed_by = NULL
    WHERE id = @id AND state = 'sending'`);
  const cancelAbout = db.prepare(`UPDATE outbox_messages SET state = 'cancelled', error = @reason
    WHERE about = @about AND state = 'pending'`);
  const aboutAll = db.prepare('SELECT * FROM outbox_messages WHERE about = ? ORDER BY due_at, id');
  const emailsTried = db.prepare(`SELECT * FROM outbox_messages WHERE channel = 'email'
    AND about IN (SELECT value FROM json_each(?)) AND state IN ('sending', 'sent', 'failed')
    ORDER BY COALESCE(sent_at, due_at), id`);
  // Only what was cancelled for this one reason and is still to come goes back to waiting.
  const resumeAbout = db.prepare(`UPDATE outbox_messages SET state = 'pending', error = NULL
    WHERE about = @about AND state = 'cancelled' AND error = @reason AND due_at > @now`);
  // Twilio's callbacks can arrive out of order, so a report moves a text only forwards:
  // queued < sending < sent < failed/undelivered < delivered (a late "sent" or "undelivered" never
  // undoes "delivered": the phone had it). Unknown words rank with the failures.
  const rank = (v: string) => `CASE ${v} WHEN 'queued' THEN 0 WHEN 'accepted' THEN 0 WHEN 'scheduled' THEN 0
    WHEN 'sending' THEN 1 WHEN 'sent' THEN 2 WHEN 'delivered' THEN 4 WHEN 'read' THEN 5 ELSE 3 END`;
  const cancelAboutExcept = db.prepare(`UPDATE outbox_messages SET state = 'cancelled', error = @reason
    WHERE about = @about AND template = @template AND state = 'pending'
      AND idempotency_key NOT IN (SELECT value FROM json_each(@keep))`);
  // A report that says nothing new (Twilio's retry, or a replay) changes nothing, so nobody is told again.
  const delivery = db.prepare(`UPDATE outbox_messages SET delivery_status = @status, delivery_error = @error
    WHERE provider_id = @providerId AND (delivery_status IS NULL OR ${rank('delivery_status')} <= ${rank('@status')})
      AND (delivery_status IS NOT @status OR delivery_error IS NOT @error)`);
  const byProviderId = db.prepare('SELECT * FROM outbox_messages WHERE provider_id = ?');
  const sentTo =
    db.prepare(`SELECT 1 FROM outbox_messages WHERE recipient = @recipient AND template = @template
    AND state IN ('pending', 'sending', 'sent') AND created_at >= @since LIMIT 1`);
  const providerIdTaken = db.prepare('SELECT 1 FROM outbox_messages WHERE provider_id = ?');

  const claimBatch = db.transaction((now: number, leaseMs: number, run: string, limit: number) => {
    const rows = (due.all(iso(now), limit) as Row[]).map(toMessage);
    for (const r of rows) claim.run({ id: r.id, leaseUntil: iso(now + leaseMs), run, now: iso(now) });
    return rows.map((r) => ({
      ...r,
      state: 'sending' as const,
      attempts: r.attempts + 1,
      claimedBy: run,
      claimedAt: iso(now),
    }));
  });

  return {
    /** What the messages of this template that reached this recipient were about. */
    sentAboutTo: (recipient: string, template: string) =>
      sentAboutTo.all(recipient, template).map((r) => r.about),
    /** Stores a message once per idempotency key; the stored row (new or the earlier one). */
    enqueue(message: NewOutboxMessage, now: number): { message: OutboxMessage; isNew: boolean } {
      const { changes } = insert.run({
        idempotencyKey: message.idempotencyKey,
        channel: message.channel,
        recipient: message.recipient,
        customerId: message.customerId ?? null,
        template: message.template,
        about: message.about ?? null,
        subject: message.subject ?? null,
        body: message.body,
        automatic: message.automatic === false ? 0 : 1,
        dueAt: message.dueAt.toISOString(),
        createdAt: iso(now),
      });
      return { message: toMessage(byKey.get(message.idempotencyKey) as Row), isNew: changes === 1 };
    },
    /** Claims up to `limit` due rows for this run, in one transaction: no row is claimed twice. */
    claimDue: (now: number, leaseMs: number, run: string, limit: number): OutboxMessage[] =>
      claimBatch(now, leaseMs, run, limit),
    abandoned: (now: number, run: string, limit: number): OutboxMessage[] =>
      (abandoned.all({ now: iso(now), run, limit }) as Row[]).map(toMessage),
    /** Takes an abandoned row over for this run (false: another run got there first). */
    reclaim: (id: number, now: number, leaseMs: number, run: string): boolean =>
      reclaim.run({ id, leaseUntil: iso(now + leaseMs), run, now: iso(now) }).changes === 1,
    markSent: (id: number, providerId: string, now: number, deliveryStatus: string | null = null) =>
      sent.run({ id, providerId, now: iso(now), deliveryStatus }).changes === 1,
    retryAt: (id: number, dueAt: number, error: string) =>
      retry.run({ id, dueAt: iso(dueAt), error }).changes === 1,
    /** Nobody knows whether the provider took it: asked again at `dueAt`, sent again only if not. */
    resolveAt: (id: number, dueAt: number, error: string) =>
      unresolved.run({ id, dueAt: iso(dueAt), error }).changes === 1,
    markFailed: (id: number, error: string) => failed.run({ id, error }).changes === 1,
    cancel: (id: number, reason: string) => cancelOne.run({ id, reason }).changes === 1,
    /** Puts a claimed row back to wait (quiet hours): not an attempt. */
    deferTo: (id: number, dueAt: number) => deferOne.run({ id, dueAt: iso(dueAt) }).changes === 1,
    /** Cancels every pending message about one thing (a cancelled visit, an accepted quote). */
    cancelAbout: (about: string, reason: string) => cancelAbout.run({ about, reason }).changes,
    /** Every message about one thing, soonest due first. */
    about: (about: string) => (aboutAll.all(about) as Row[]).map(toMessage),
    /** The e-mails tried (sending, sent or failed) about any of these things, oldest first. */
    emailsAbout: (abouts: string[]) =>
      abouts.length ? (emailsTried.all(JSON.stringify(abouts)) as Row[]).map(toMessage) : [],
    /** Puts back to waiting what was cancelled about one thing for `reason` and is not yet due. */
    resumeAbout: (about: string, reason: string, now: number) =>
      resumeAbout.run({ about, reason, now: iso(now) }).changes,
    /** Cancels one template's pending messages about one thing except those still planned (a moved visit). */
    cancelAboutExcept: (about: string, template: string, keep: string[], reason: string) =>
      cancelAboutExcept.run({ about, template, keep: JSON.stringify(keep), reason }).changes,
    /** Twilio's status callback: the delivery state of the message with this SID. */
    recordDelivery: (providerId: string, status: string, error: string | null) =>
      delivery.run({ providerId, status, error }).changes === 1,
    /** Whether a message of this template went (or is going) to this recipient since an instant. */
    hasSince: (recipient: string, template: string, since: Date) =>
      sentTo.get({ recipient, template, since: since.toISOString() }) !== undefined,
    isProviderIdRecorded: (providerId: string) => providerIdTaken.get(providerId) !== undefined,
    byProviderId: (providerId: string) => {
      const r = byProviderId.get(providerId) as Row | undefined;
      return r ? toMessage(r) : undefined;
    },
    byId: (id: number) => {
      const r = byId.get(id) as Row | undefined;
      return r ? toMessage(r) : undefined;
    },
    byKey: (key: string) => {
      const r = byKey.get(key) as Row | undefined;
      return r ? toMessage(r) : undefined;
    },
  };
}
export type OutboxRepository = ReturnType<typeof outboxRepository>;
