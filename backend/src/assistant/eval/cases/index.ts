import type { Dialogue, TurnCase } from '../eval-case.ts';
import { DIALOGUES as FIRST_DIALOGUES } from './dialogues.ts';
import { BOOKING_CASES } from './booking.ts';
import { FAQ_CASES } from './faq-meaning.ts';
import { HANDOFF_CASES } from './hand-off.ts';
import { HOSTILE_CASES } from './hostile.ts';
import { MESSENGER_CASES } from './messenger.ts';
import { MORE_CALLER_CASES, MORE_CALLER_DIALOGUES } from './more-callers.ts';
import { PRICE_CASES } from './price.ts';
import { SERVICE_AREA_CASES } from './service-area.ts';
import { SPANISH_CASES } from './spanish.ts';
import { SEVERAL_FACTS_CASES, SEVERAL_FACTS_DIALOGUES } from './several-facts.ts';
import { OUTSIDE_THE_MAP_CASES, OUTSIDE_THE_MAP_DIALOGUES } from './outside-the-map.ts';
import { TRADE_CASES, TRADE_DIALOGUES } from './the-trade.ts';
import { SPANISH_NO_MODEL_CASES, SPANISH_NO_MODEL_DIALOGUES } from './spanish-no-model.ts';
import { EXISTING_CUSTOMER_DIALOGUES } from './existing-customers.ts';
import { NEEDS_CASES } from './needs.ts';
import { MESSENGER_NEEDS_CASES } from './messenger-needs.ts';
import { PROMISE_CASES, PROMISE_DIALOGUES } from './promises.ts';

// Dialogues with a visit booked before the call come last: their visits take hours others book.
export const DIALOGUES: readonly Dialogue[] = [
  ...FIRST_DIALOGUES,
  ...MORE_CALLER_DIALOGUES,
  ...SEVERAL_FACTS_DIALOGUES,
  ...OUTSIDE_THE_MAP_DIALOGUES,
  ...TRADE_DIALOGUES,
  ...SPANISH_NO_MODEL_DIALOGUES,
  ...PROMISE_DIALOGUES,
  ...EXISTING_CUSTOMER_DIALOGUES,
];
export { EVAL_FAQ } from './faq-seed.ts';

export const TURN_CASES: readonly TurnCase[] = [
  ...SERVICE_AREA_CASES,
  ...PRICE_CASES,
  ...FAQ_CASES,
  ...BOOKING_CASES,
  ...HANDOFF_CASES,
  ...SPANISH_CASES,
  ...HOSTILE_CASES,
  ...MESSENGER_CASES,
  ...MORE_CALLER_CASES,
  ...SEVERAL_FACTS_CASES,
  ...OUTSIDE_THE_MAP_CASES,
  ...TRADE_CASES,
  ...SPANISH_NO_MODEL_CASES,
  ...NEEDS_CASES,
  ...PROMISE_CASES,
  ...MESSENGER_NEEDS_CASES,
];
