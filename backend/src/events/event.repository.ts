import type { LiveEvent, LiveEventType } from '@washdesk/contract';
import type { Db } from '../db/database.ts';

export interface NewLiveEvent {
  type: LiveEventType;
  entityId: number | null;
  summary: string;
  actorUserId?: number | null;
}

interface EventRow {
  id: number;
  type: LiveEventType;
  entity_id: number | null;
  summary: string;
  actor_user_id: number | null;
  created_at: string;
}
const toEvent = (r: EventRow): LiveEvent => ({
  id: r.id,
  type: r.type,
  entityId: r.entity_id,
  summary: r.summary,
  actorUserId: r.actor_user_id,
  at: r.created_at,
});

/** The event log behind GET /api/events: append, read after an id, forget old ones. */
export function eventRepository(db: Db) {
  const insert = db.prepare(`INSERT INTO events (type, entity_id, summary, actor_user_id, created_at)
    VALUES (@type, @entityId, @summary, @actorUserId, @at)`);
  const after = db.prepare('SELECT * FROM events WHERE id > ? ORDER BY id LIMIT ?');
  const oldest = db.prepare('SELECT MIN(id) AS id FROM events');
  const newest = db.prepare(`SELECT seq AS id FROM sqlite_sequence WHERE name = 'events'`);
  const prune = db.prepare('DELETE FROM events WHERE created_at < ?');
  const one = db.prepare('SELECT 1 FROM events WHERE id = ?');
  return {
    append(event: NewLiveEvent, at: string): LiveEvent {
      const row = { ...event, actorUserId: event.actorUserId ?? null, at };
      return {
        ...row,
        id: Number(insert.run(row).lastInsertRowid),
        entityId: event.entityId,
        actorUserId: row.actorUserId,
      };
    },
    after: (id: number, limit: number) => (after.all(id, limit) as EventRow[]).map(toEvent),
    /** The oldest id still kept; null when the log is empty. */
    oldestId: () => (oldest.get() as { id: number | null }).id,
    /** The last id ever given (0 before the first event), kept even when its row is pruned. */
    newestId: () => (newest.get() as { id: number } | undefined)?.id ?? 0,
    pruneBefore: (iso: string) => prune.run(iso).changes,
    /** Whether the event is stored (committed, or in the transaction under way). */
    has: (id: number) => one.get(id) !== undefined,
  };
}
export type EventRepository = ReturnType<typeof eventRepository>;
