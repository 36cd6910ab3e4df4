import type { Photo } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { fastRows } from '../db/fast-rows.ts';
import type { StoredPhoto } from './photo.storage.ts';

export type PhotoOwner = { submissionId: number } | { serviceRequestId: number } | { textMessageId: number };

interface PhotoRow {
  id: string;
  owner_id: number;
  width: number;
  height: number;
}

export const toPhoto = (row: { id: string; width: number; height: number }): Photo => ({
  id: row.id,
  url: `/api/photos/${row.id}`,
  thumbnailUrl: `/api/photos/${row.id}/thumbnail`,
  width: row.width,
  height: row.height,
});

export type PhotoState = 'pending' | 'ready' | 'unreadable';

/**
 * `added` runs once the statement that added photos has returned (on the next turn, so after the
 * owner's transaction committed or rolled back): the photo processor looks for pending rows then.
 */
export function photoRepository(db: Db, added: () => void = () => {}) {
  const insert = db.prepare(`INSERT INTO photos
    (id, submission_id, service_request_id, text_message_id, position, width, height, bytes, original_type,
      created_at, state)
    VALUES (@id, @submissionId, @serviceRequestId, @textMessageId, @position, @width, @height, @bytes,
      @originalType, @createdAt, @state)`);
  const bySubmissions = fastRows<PhotoRow>(
    db.prepare(`SELECT id, submission_id AS owner_id, width, height FROM photos
    WHERE submission_id IN (SELECT value FROM json_each(?)) AND state <> 'unreadable' ORDER BY position`),
  );
  const byServiceRequests = fastRows<PhotoRow>(
    db.prepare(`SELECT id, service_request_id AS owner_id, width, height FROM photos
    WHERE service_request_id IN (SELECT value FROM json_each(?)) AND state <> 'unreadable' ORDER BY position`),
  );
  const byTextMessages = fastRows<PhotoRow>(
    db.prepare(`SELECT id, text_message_id AS owner_id, width, height FROM photos
    WHERE text_message_id IN (SELECT value FROM json_each(?)) AND state <> 'unreadable' ORDER BY position`),
  );
  const one = db.prepare('SELECT id FROM photos WHERE id = ?');
  const stateOf = db.prepare('SELECT state FROM photos WHERE id = ?').pluck();
  const pending = db
    .prepare(`SELECT id, original_type FROM photos WHERE state = 'pending' ORDER BY created_at, id LIMIT ?`)
    .raw();
  const markReady = db.prepare(`UPDATE photos SET state = 'ready', width = @width, height = @height,
    bytes = @bytes WHERE id = @id AND state = 'pending'`);
  const markUnreadable = db.prepare(
    `UPDATE photos SET state = 'unreadable' WHERE id = ? AND state = 'pending'`,
  );

  const group = (rows: PhotoRow[]) => {
    const map = new Map<number, Photo[]>();
    for (const row of rows) {
      const list = map.get(row.owner_id) ?? [];
      list.push(toPhoto(row));
      map.set(row.owner_id, list);
    }
    return map;
  };

  return {
    /** Call inside the transaction that creates the owner. */
    addAll(owner: PhotoOwner, photos: StoredPhoto[]) {
      const createdAt = nowIso();
      if (photos.some((p) => p.pending)) setImmediate(added);
      photos.forEach(({ pending, ...p }, position) =>
        insert.run({
          ...p,
          position,
          createdAt,
          state: pending ? 'pending' : 'ready',
          submissionId: 'submissionId' in owner ? owner.submissionId : null,
          serviceRequestId: 'serviceRequestId' in owner ? owner.serviceRequestId : null,
          textMessageId: 'textMessageId' in owner ? owner.textMessageId : null,
        }),
      );
    },
    forSubmissions: (ids: number[]) => group(bySubmissions.all(JSON.stringify(ids))),
    forServiceRequests: (ids: number[]) => group(byServiceRequests.all(JSON.stringify(ids))),
    forTextMessages: (ids: number[]) => group(byTextMessages.all(JSON.stringify(ids))),
    exists: (id: string) => one.get(id) !== undefined,
    stateOf: (id: string) => stateOf.get(id) as PhotoState | undefined,
    /** The oldest photos still waiting to be stripped and re-encoded. */
    pending: (limit: number) =>
      (pending.all(limit) as [string, string][]).map(([id, originalType]) => ({ id, originalType })),
    markReady: (id: string, p: { width: number; height: number; bytes: number }) =>
      markReady.run({ id, ...p }).changes > 0,
    markUnreadable: (id: string) => markUnreadable.run(id).changes > 0,
  };
}
export type PhotoRepository = ReturnType<typeof photoRepository>;
