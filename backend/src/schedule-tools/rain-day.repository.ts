import type { Db } from '../db/database.ts';

// The one writer of `rain_days` (migration 0042): each applied rain day and what undo needs.

export interface RainDayMoveRecord {
  visitId: number;
  from: { date: string; time: string | null; crewId: number | null };
  to: { date: string; time: string; crewId: number };
  /** The outbox key of the text about it, when one was queued. */
  messageKey: string | null;
}

export interface RainDayRecord {
  undoId: string;
  date: string;
  crewId: number | null;
  moves: RainDayMoveRecord[];
  appliedAt: string;
  undoUntil: string;
  undoneAt: string | null;
}

interface Row {
  undo_id: string;
  date: string;
  crew_id: number | null;
  moves: string;
  applied_at: string;
  undo_until: string;
  undone_at: string | null;
}

export function rainDayRepository(db: Db) {
  const insert =
    db.prepare(`INSERT INTO rain_days (undo_id, date, crew_id, moves, applied_by, applied_at, undo_until)
    VALUES (@undoId, @date, @crewId, @moves, @appliedBy, @appliedAt, @undoUntil)`);
  const one = db.prepare<[string], Row>('SELECT * FROM rain_days WHERE undo_id = ?');
  // Only once: a replayed undo finds it done and changes nothing.
  const undone = db.prepare('UPDATE rain_days SET undone_at = ? WHERE undo_id = ? AND undone_at IS NULL');
  return {
    record(r: Omit<RainDayRecord, 'undoneAt'>, appliedBy: number) {
      insert.run({ ...r, moves: JSON.stringify(r.moves), appliedBy });
    },
    get(undoId: string): RainDayRecord | undefined {
      const r = one.get(undoId);
      return r
        ? {
            undoId: r.undo_id,
            date: r.date,
            crewId: r.crew_id,
            moves: JSON.parse(r.moves) as RainDayMoveRecord[],
            appliedAt: r.applied_at,
            undoUntil: r.undo_until,
            undoneAt: r.undone_at,
          }
        : undefined;
    },
    /** False when it was undone already. */
    markUndone: (undoId: string, at: string) => undone.run(at, undoId).changes === 1,
  };
}
export type RainDayRepository = ReturnType<typeof rainDayRepository>;
