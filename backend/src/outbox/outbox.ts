import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { purposeOfOutboxText, type BusinessTexts } from '../texts/business-texts.ts';
import type { Clock } from '../time.ts';
import type { NewOutboxMessage, OutboxMessage, OutboxRepository } from './outbox.repository.ts';
import { outboxScheduler, type OutboxGate } from './outbox-scheduler.ts';
import { emailSender, textSender } from './outbox-senders.ts';
import { DEFAULT_QUIET_HOURS, quietHoursGate, type QuietHours } from './quiet-hours.ts';

// The outbox as the app uses it: features queue messages (`queue`) and add the rules only they
// know (`addGate`: a number that said STOP, a visit already cancelled); the scheduler sends.

export interface OutboxDeps {
  /** The outbox's table (built once in app.ts: the customer timeline reads its e-mails too). */
  repository: OutboxRepository;
  config: Config;
  /** The business's one text sender (null when Twilio is not configured). */
  texts: BusinessTexts | null;
  /** Where Twilio reports each text's delivery (the public address + the status webhook). */
  statusCallbackUrl: () => string;
  clock?: Clock;
  logger?: Logger;
  quietHours?: () => QuietHours;
  changed?: (message: OutboxMessage) => void;
}

export function createOutbox(deps: OutboxDeps) {
  const clock = deps.clock ?? Date.now;
  const { repository } = deps;
  const gates: OutboxGate[] = [];
  const senders = {
    text: deps.texts ? textSender(deps.texts, deps.statusCallbackUrl, repository.isProviderIdRecorded) : null,
    email: emailSender(deps.config),
  };
  const scheduler = outboxScheduler({
    repository,
    senders,
    clock,
    // Features' gates (who may be texted, what is still wanted) run before quiet hours, so a
    // message that will never go is cancelled at once rather than deferred to the morning.
    gates: [
      // The sender's own rules first (STOP, consent): a text that may never go is cancelled at
      // once. Its quiet hours are the same rule as the gate below, which also holds e-mails.
      (message, now) => {
        if (message.channel !== 'text' || !deps.texts) return { action: 'send' };
        const held = deps.texts.check(message.recipient, purposeOfOutboxText(message), now);
        return held && !held.sent && held.until === undefined
          ? { action: 'cancel', reason: held.reason }
          : { action: 'send' };
      },
      (message, now) => {
        for (const gate of gates) {
          const decision = gate(message, now);
          if (decision.action !== 'send') return decision;
        }
        return { action: 'send' };
      },
      quietHoursGate(deps.config.timeZone, deps.quietHours ?? (() => DEFAULT_QUIET_HOURS)),
    ],
    logger: deps.logger,
    changed: deps.changed,
  });
  return {
    repository,
    scheduler,
    /** Whether each channel can send on this server (screens say so when one cannot). */
    configured: { text: senders.text !== null, email: senders.email !== null },
    addGate: (gate: OutboxGate) => void gates.push(gate),
    /** Stores the message once per idempotency key and wakes the scheduler if it is due. */
    queue(message: NewOutboxMessage) {
      const queued = repository.enqueue(message, clock());
      if (queued.isNew && message.dueAt.getTime() <= clock()) scheduler.wake();
      return queued;
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
