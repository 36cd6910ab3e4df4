import type { Crew } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';

// The one writer of `crews`. A crew is retired (active = 0), never deleted: its past visits name it.

interface CrewRow {
  id: number;
  name: string;
  color: string;
  position: number;
  active: 0 | 1;
}
const toCrew = (r: CrewRow): Crew => ({
  id: r.id,
  name: r.name,
  color: r.color,
  position: r.position,
  active: r.active === 1,
});

export function crewRepository(db: Db) {
  const all = db.prepare<[], CrewRow>('SELECT * FROM crews ORDER BY position, id');
  const one = db.prepare<[number], CrewRow>('SELECT * FROM crews WHERE id = ?');
  const insert = db.prepare(`INSERT INTO crews (name, color, position, created_at, updated_at)
    VALUES (@name, @color, (SELECT COALESCE(MAX(position), 0) + 1 FROM crews), @now, @now)`);
  const update = db.prepare(`UPDATE crews SET name = COALESCE(@name, name), color = COALESCE(@color, color),
    active = COALESCE(@active, active), updated_at = @now WHERE id = @id`);
  const get = (id: number) => {
    const row = one.get(id);
    return row ? toCrew(row) : undefined;
  };
  return {
    get,
    /** Every crew, retired ones too (a past visit's crew), in the board's order. */
    all: () => all.all().map(toCrew),
    /** The crews on today's board. */
    active: () => all.all().filter((r) => r.active === 1).map(toCrew),
    create: (crew: { name: string; color: string }) =>
      get(Number(insert.run({ ...crew, now: nowIso() }).lastInsertRowid))!,
    update: (id: number, change: { name?: string; color?: string; active?: boolean }) =>
      update.run({
        id,
        name: change.name ?? null,
        color: change.color ?? null,
        active: change.active === undefined ? null : change.active ? 1 : 0,
        now: nowIso(),
      }).changes
        ? get(id)
        : undefined,
  };
}
export type CrewRepository = ReturnType<typeof crewRepository>;
