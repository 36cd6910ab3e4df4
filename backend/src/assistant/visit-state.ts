import type { PreferredTime } from '@washdesk/contract';

// The assistant's memory of a conversation about a visit the caller already has (existing-visit.ts).

export type VisitWish = 'when' | 'move' | 'cancel' | 'address';

export interface VisitState {
  /** What the caller asked for. */
  wish: VisitWish;
  /** Known once the caller is: the visit in question. */
  visitId?: number;
  stage: 'identify' | 'open' | 'move' | 'confirm-move' | 'confirm-cancel';
  /** Tries at the name and address so far. */
  tries?: number;
  /** A day said without an hour, or the new time being read back. */
  to?: { date: string; time?: PreferredTime };
}
