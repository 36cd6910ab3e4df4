import type { Photo } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
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

export function photoRepository(db: Db) {
  const insert = db.prepare(`INSERT INTO photos
    (id, submission_id, service_request_id, text_message_id, position, width, height, bytes, original_type,
      created_at)
    VALUES (@id, @submissionId, @serviceRequestId, @textMessageId, @position, @width, @height, @bytes,
      @originalType, @createdAt)`);
  const bySubmissions = db.prepare(`SELECT id, submission_id AS owner_id, width, height FROM photos
    WHERE submission_id IN (SELECT value FROM json_each(?)) ORDER BY position`);
  const byServiceRequests = db.prepare(`SELECT id, service_request_id AS owner_id, width, height FROM photos
    WHERE service_request_id IN (SELECT value FROM json_each(?)) ORDER BY position`);
  const byTextMessages = db.prepare(`SELECT id, text_message_id AS owner_id, width, height FROM photos
    WHERE text_message_id IN (SELECT value FROM json_each(?)) ORDER BY position`);
  const one = db.prepare('SELECT id FROM photos WHERE id = ?');

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
      photos.forEach((p, position) =>
        insert.run({
          ...p,
          position,
          createdAt,
          submissionId: 'submissionId' in owner ? owner.submissionId : null,
          serviceRequestId: 'serviceRequestId' in owner ? owner.serviceRequestId : null,
          textMessageId: 'textMessageId' in owner ? owner.textMessageId : null,
        }),
      );
    },
    forSubmissions: (ids: number[]) => group(bySubmissions.all(JSON.stringify(ids)) as PhotoRow[]),
    forServiceRequests: (ids: number[]) => group(byServiceRequests.all(JSON.stringify(ids)) as PhotoRow[]),
    forTextMessages: (ids: number[]) => group(byTextMessages.all(JSON.stringify(ids)) as PhotoRow[]),
    exists: (id: string) => one.get(id) !== undefined,
  };
}
export type PhotoRepository = ReturnType<typeof photoRepository>;
