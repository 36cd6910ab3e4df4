import type { OutboxMessage } from './outbox.repository.ts';

/** What a gate decides for a due message, checked just before it is sent. */
export type GateDecision =
  { action: 'send' } | { action: 'defer'; until: number } | { action: 'cancel'; reason: string };
/** One rule about whether a message may go now (opt-out, quiet hours, the event still stands). */
export type OutboxGate = (message: OutboxMessage, now: number) => GateDecision;
