import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../time.ts';
import type { OutboxMessage, OutboxRepository } from './outbox.repository.ts';
import { CHANNEL_NOT_CONFIGURED, SendBlocked, SendFailure, type OutboxSenders } from './outbox-senders.ts';

// The scheduler: each pass sends what is due, on the injected clock. Delivery is at least once
// towards the provider and exactly once as the customer sees it:
//   1. a row is CLAIMED first (state 'sending', a lease, this run's id) in a transaction, so two
//      passes or two processes never both send it;
//   2. the provider is called; its answer is recorded ('sent' + its id, or a retry with backoff);
//   3. a row left 'sending' by a run that is gone (kill -9, power cut) or whose lease ran out is
//      RECONCILED before anything is sent again: texts against Twilio's list of the number's
//      messages, e-mails by resending with the same Message-ID (see outbox-senders.ts).

import type { OutboxGate } from './outbox-gate.ts';
export type { GateDecision, OutboxGate } from './outbox-gate.ts';

export interface PassReport {
  sent: number;
  retried: number;
  failed: number;
  cancelled: number;
  deferred: number;
  /** Rows abandoned mid-send that the provider turned out to have: recorded, not sent again. */
  reconciled: number;
}

export interface OutboxSchedulerOptions {
  repository: OutboxRepository;
  senders: OutboxSenders;
  clock: Clock;
  gates: OutboxGate[];
  logger?: Logger;
  /** Told about every row whose state a pass changed (the admin's live lists). */
  changed?: (message: OutboxMessage) => void;
  /** Longer than any provider call can take (the twilio client gives up after 4 s, SMTP 15 s). */
  leaseMs?: number;
  batchSize?: number;
  /** Sends in flight at once within a pass. */
  concurrency?: number;
}

/** Waits after the 1st, 2nd… failed attempt: a minute, then 5, 15, 60, 240 minutes; then it fails. */
export const RETRY_BACKOFF_MS = [1, 5, 15, 60, 240].map((m) => m * 60_000);
const LEASE_MS = 2 * 60_000;

export function outboxScheduler(options: OutboxSchedulerOptions) {
  const { repository, senders, clock, gates, logger } = options;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const batchSize = options.batchSize ?? 100;
  const concurrency = options.concurrency ?? 4;
  // Each process (each start) is a run; rows claimed by an earlier run are its leftovers.
  const run = randomUUID();
  const changed = (id: number) => {
    const row = options.changed && repository.byId(id);
    if (row) options.changed?.(row);
  };

  const afterFailure = (message: OutboxMessage, error: unknown, report: PassReport) => {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    if (error instanceof SendBlocked) {
      // The sender's rules held it back as it went (a STOP that arrived after the gates ran).
      if (error.until === undefined) {
        repository.cancel(message.id, reason);
        report.cancelled += 1;
      } else {
        repository.deferTo(message.id, error.until);
        report.deferred += 1;
      }
      return;
    }
    const permanent = error instanceof SendFailure && error.permanent;
    const wait = RETRY_BACKOFF_MS[message.attempts - 1];
    if (error instanceof SendFailure && error.unknown && wait !== undefined) {
      // No answer came, so the provider may have it: never a blind retry. The row stays claimed
      // and is reconciled (asked of the provider) when the wait is over; sent again only if not.
      repository.resolveAt(message.id, clock() + wait, reason);
      report.retried += 1;
      logger?.warn({ outboxId: message.id, template: message.template }, 'outbox send unresolved; will ask');
      return;
    }
    if (permanent || wait === undefined) {
      repository.markFailed(message.id, reason);
      report.failed += 1;
    } else {
      repository.retryAt(message.id, clock() + wait, reason);
      report.retried += 1;
    }
    logger?.warn({ outboxId: message.id, template: message.template, permanent }, 'outbox message not sent');
  };

  async function deliver(message: OutboxMessage, report: PassReport) {
    const now = clock();
    const sender = senders[message.channel];
    if (!sender) {
      repository.markFailed(message.id, CHANNEL_NOT_CONFIGURED[message.channel]);
      report.failed += 1;
      return changed(message.id);
    }
    for (const gate of gates) {
      const decision = gate(message, now);
      if (decision.action === 'cancel') {
        repository.cancel(message.id, decision.reason);
        report.cancelled += 1;
        return changed(message.id);
      }
      if (decision.action === 'defer') {
        repository.deferTo(message.id, decision.until);
        report.deferred += 1;
        return;
      }
    }
    try {
      const { providerId, deliveryStatus } = await sender.send(message);
      repository.markSent(message.id, providerId, clock(), deliveryStatus);
      report.sent += 1;
    } catch (error) {
      afterFailure(message, error, report);
    }
    changed(message.id);
  }

  /** A row a dead run left mid-send: recorded if the provider has it, else sent as any due row. */
  async function reconcile(message: OutboxMessage, report: PassReport): Promise<OutboxMessage | null> {
    if (!repository.reclaim(message.id, clock(), leaseMs, run)) return null;
    const sender = senders[message.channel];
    let sid: string | null;
    try {
      sid = sender ? await sender.findSent(message) : null;
    } catch (error) {
      // The provider cannot say: sending blind could repeat the message, so it waits for the
      // next lease (this run holds it) and asks again.
      logger?.warn({ err: error, outboxId: message.id }, 'outbox could not reconcile; will ask again');
      return null;
    }
    if (sid) {
      repository.markSent(message.id, sid, clock());
      report.reconciled += 1;
      changed(message.id);
      return null;
    }
    return { ...message, claimedBy: run };
  }

  async function inPool<T>(items: T[], work: (item: T) => Promise<void>) {
    let next = 0;
    const worker = async () => {
      while (next < items.length) await work(items[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  }

  let running: Promise<PassReport> | null = null;

  /** One pass: leftovers of dead runs first, then every due row, batch by batch, until none is due. */
  async function onePass(): Promise<PassReport> {
    const report: PassReport = { sent: 0, retried: 0, failed: 0, cancelled: 0, deferred: 0, reconciled: 0 };
    for (;;) {
      const leftovers = repository.abandoned(clock(), run, batchSize);
      if (!leftovers.length) break;
      const resend: OutboxMessage[] = [];
      await inPool(leftovers, async (m) => {
        const again = await reconcile(m, report);
        if (again) resend.push(again);
      });
      await inPool(resend, (m) => deliver(m, report));
      if (leftovers.length < batchSize) break;
    }
    const passStart = clock();
    for (;;) {
      // Rows due by the pass's start: a retry scheduled during this pass waits for a later one.
      const batch = repository.claimDue(passStart, leaseMs, run, batchSize);
      if (!batch.length) break;
      await inPool(batch, (m) => deliver(m, report));
    }
    return report;
  }

  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let everyMs = 15_000;
  let wokenDuringPass = false;
  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void loop(), ms).unref();
  };
  async function loop() {
    try {
      await pass();
    } catch (error) {
      logger?.error({ err: error }, 'outbox pass failed');
    }
    schedule(wokenDuringPass ? 0 : everyMs);
    wokenDuringPass = false;
  }

  /** Runs a pass, or joins the one under way (passes never overlap). */
  function pass(): Promise<PassReport> {
    running ??= onePass().finally(() => (running = null));
    return running;
  }

  return {
    run,
    pass,
    /** Passes every `intervalMs` of real time, reading the injected clock each time. */
    start(intervalMs = 15_000) {
      stopped = false;
      everyMs = intervalMs;
      schedule(0);
    },
    /** Something was just queued that may be due now (a missed call's text-back). */
    wake() {
      if (running) wokenDuringPass = true;
      else if (!stopped) schedule(0);
    },
    /** Stops passing and waits for the pass under way, so the database can close under nothing. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
export type OutboxScheduler = ReturnType<typeof outboxScheduler>;
