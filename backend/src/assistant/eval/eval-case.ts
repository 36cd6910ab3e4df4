import type { AiIntent } from '@washdesk/contract';
import type { MissingDetail } from '../tools/job-price.ts';

// The shape of the assistant's evaluation set (issue 23, item 6): what a caller says, and what a
// business owner would accept as the answer — the intent, the tool's result, what the reply must
// and must not say. Cases are written as people talk; the code is judged by them, never the reverse.

export const EVAL_GROUPS = [
  'service-area',
  'price',
  'faq-meaning',
  'booking',
  'hand-off',
  'spanish',
  'hostile-off-topic',
  'messenger',
  'several-facts',
  'outside-the-map',
  'the-trade',
  'spanish-no-model',
  // Issue 34: callers who already have a visit, what callers need of the office, promises kept.
  'existing-customers',
  'needs',
  'promises',
] as const;
export type EvalGroup = (typeof EVAL_GROUPS)[number];

/** The service-area tool's answer for the words of the turn. */
export type AreaExpectation =
  | { kind: 'in-area' | 'outside'; town: string; county: string }
  | { kind: 'county'; county: string; served: boolean }
  | { kind: 'unknown' };

/** The price tool's answer: the engine's range, the question still to ask, or no price at all. */
export type PriceExpectation =
  | { kind: 'priced'; low: number; high: number }
  | { kind: 'needs'; asks: MissingDetail }
  | { kind: 'not-on-price-list' };

export interface TurnExpectation {
  intent?: AiIntent | readonly AiIntent[];
  area?: AreaExpectation;
  price?: PriceExpectation;
  /** Every one must be in the reply (strings: case-insensitive). */
  must?: readonly (string | RegExp)[];
  /** None may be in the reply. */
  mustNot?: readonly (string | RegExp)[];
  /** What the channel does: put through / promise a call back, or nothing special. */
  action?: 'handoff';
  /** The reply is in Spanish. */
  spanish?: boolean;
  /**
   * By the end of this turn the call holds a call-back task (true, or its urgency and reason), or
   * none (false). Whatever a case says, a reply that promises a call back without one fails.
   */
  callBack?: boolean | { urgent?: boolean; reason?: RegExp };
}

export interface Turn {
  says: string;
  expect: TurnExpectation;
}

/** One caller turn on a fresh call (or a fresh Messenger conversation). */
export interface TurnCase extends Turn {
  id: string;
  group: EvalGroup;
  channel?: 'phone' | 'messenger';
}

export interface Dialogue {
  id: string;
  group: EvalGroup;
  channel?: 'phone' | 'messenger';
  turns: readonly Turn[];
  /** Estimates staff booked before the call (a clash to meet), date YYYY-MM-DD and time as stored. */
  alreadyBooked?: readonly { date: string; time: string }[];
  /** After the last turn: the one free estimate booked (date YYYY-MM-DD, time as stored), or none. */
  booked?: { date: string; time: string; service: string } | null;
  /** Phone only: the call's summary once the caller hangs up (Call Logs), what it must and must not say. */
  summary?: { must?: readonly (string | RegExp)[]; mustNot?: readonly (string | RegExp)[] };
  /**
   * A visit staff booked before the call (issue 34), for a caller who already has one; the caller
   * rings from the number on it (`from: 'file'`) or from a number nobody gave (`'unknown'`).
   */
  existing?: { name: string; address: string; date: string; time: string; from: 'file' | 'unknown' };
  /** After the last turn: that visit as stored, and whether its customer was texted a change. */
  visitAfter?: { status: 'scheduled' | 'cancelled'; date: string; time: string; texted: boolean };
}
