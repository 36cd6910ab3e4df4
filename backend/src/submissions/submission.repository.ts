import {
  centsOrNull,
  dollarsOrNull,
  phoneSearchOf,
  type PhotoSubmission,
  type PhotoSubmissionRow,
  type SubmissionSource,
  type SubmissionStatus,
} from '@washdesk/contract';
import type { z } from 'zod';
import type { photoSubmissionCreateSchema } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { fastRows } from '../db/fast-rows.ts';
import { listCounts } from '../db/list-counts.ts';
import type { PhotoRepository } from '../photos/photo.repository.ts';
import type { AnalysisRepository } from '../quotes/analysis.repository.ts';
import type { StoredPhoto } from '../photos/photo.storage.ts';
import type { SentQuoteRepository } from '../quote-sending/sent-quote.repository.ts';
import { formConsents } from '../texts/form-consent.ts';
import { likePattern } from '../search/search-terms.ts';

/** The photo form's fields, or what the quote tool knows (no service type yet, maybe one name). */
export type NewSubmission = Omit<
  z.output<typeof photoSubmissionCreateSchema>,
  'serviceType' | 'lastName' | 'stories' | 'squareFeet' | 'textConsent'
> & {
  /** The form's consent line for texts was ticked. */
  textConsent?: boolean;
  serviceType: string | null;
  lastName: string | null;
  stories?: number | null;
  squareFeet?: number | null;
};

interface SubmissionRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  service_type: string | null;
  notes: string | null;
  stories: number | null;
  square_feet: number | null;
  status: SubmissionStatus;
  estimate_amount_cents: number | null;
  source: SubmissionSource;
  created_at: string;
  updated_at: string;
}

export function submissionRepository(
  db: Db,
  photos: PhotoRepository,
  analyses: AnalysisRepository,
  sentQuotes?: Pick<SentQuoteRepository, 'latestFor'>,
) {
  const consents = formConsents(db);
  const insert = db.prepare(`INSERT INTO photo_submissions
    (first_name, last_name, phone, email, address, service_type, notes, stories, square_feet, status, source,
      created_at, updated_at)
    VALUES (@firstName, @lastName, @phone, @email, @address, @serviceType, @notes, @stories, @squareFeet,
      'pending', @source, @now, @now)`);
  // A phone number is found however it was typed: "(707) 555-0199" by "707-555-0199" or "5550199"
  // (its key's digits, by the one phone rule: `phone_key()`, db/migrate.ts).
  const keyDigits = `substr(phone_key(phone), 7)`;
  const filter = `WHERE (@status IS NULL OR status = @status)
    AND (@q IS NULL OR coalesce(first_name, '') || ' ' || coalesce(last_name, '') LIKE @q ESCAPE '\\'
      OR email LIKE @q ESCAPE '\\' OR address LIKE @q ESCAPE '\\' OR phone LIKE @q ESCAPE '\\'
      OR (@digits IS NOT NULL AND ${keyDigits} LIKE @digits))`;
  const page = db.prepare(`SELECT * FROM photo_submissions ${filter}
    ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`);
  const count = db.prepare(`SELECT COUNT(*) AS n FROM photo_submissions ${filter}`);
  // Without a search, each page is read from an index holding the list's order (all, or one
  // status): a page in the back half is read from the oldest end, so the last page costs what the
  // first does, and a key cursor starts right after the row it names.
  const byStatus = (status: boolean) => (status ? 'WHERE status = @status' : 'WHERE 1');
  const indexed = (status: boolean, direction: 'DESC' | 'ASC') =>
    fastRows<SubmissionRow>(
      db.prepare(`SELECT * FROM photo_submissions ${byStatus(status)}
      ORDER BY created_at ${direction}, id ${direction} LIMIT @limit OFFSET @offset`),
    );
  const newestFirst = { all: indexed(false, 'DESC'), status: indexed(true, 'DESC') };
  const oldestFirst = { all: indexed(false, 'ASC'), status: indexed(true, 'ASC') };
  const afterKey = (status: boolean) =>
    fastRows<SubmissionRow>(
      db.prepare(`SELECT * FROM photo_submissions ${byStatus(status)}
      AND (created_at, id) < (@createdAt, @id) ORDER BY created_at DESC, id DESC LIMIT @limit`),
    );
  const after = { all: afterKey(false), status: afterKey(true) };
  // Totals kept by triggers (migration 0062), not a COUNT(*) walking an index on every request:
  // one status's bucket, or the whole list as the sum of its statuses (status is NOT NULL).
  const kept = listCounts(db);
  const counted = {
    all: { get: (_: unknown) => kept.all('photo_submissions', 'status') },
    status: {
      get: ({ status }: { status: string | null }) => kept.of('photo_submissions', `status=${status}`),
    },
  };
  const one = db.prepare('SELECT * FROM photo_submissions WHERE id = ?');
  const setServiceType = db.prepare(
    'UPDATE photo_submissions SET service_type = @serviceType, updated_at = @now WHERE id = @id',
  );
  const update = db.prepare(`UPDATE photo_submissions SET status = @status,
    estimate_amount_cents = COALESCE(@cents, estimate_amount_cents), updated_at = @now WHERE id = @id`);

  // A list row carries what the cards show; the analysis (the heaviest part) only one submission's
  // details, which the dialog reads by id.
  const toRows = (rows: SubmissionRow[]): PhotoSubmissionRow[] => {
    const ids = rows.map((r) => r.id);
    const photosOf = photos.forSubmissions(ids);
    const quoteOf = sentQuotes?.latestFor(ids) ?? new Map();
    return rows.map((r) => ({
      id: r.id,
      customerName: [r.first_name, r.last_name].filter(Boolean).join(' ') || null,
      firstName: r.first_name,
      lastName: r.last_name,
      phone: r.phone,
      email: r.email,
      address: r.address,
      serviceType: r.service_type,
      notes: r.notes,
      stories: r.stories,
      squareFeet: r.square_feet,
      photos: photosOf.get(r.id) ?? [],
      status: r.status,
      estimateAmount: dollarsOrNull(r.estimate_amount_cents),
      source: r.source,
      latestQuote: quoteOf.get(r.id) ?? null,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  };
  const toSubmission = (row: SubmissionRow): PhotoSubmission => ({
    ...toRows([row])[0]!,
    analysis: analyses.forSubmissions([row.id]).get(row.id) ?? null,
  });

  function listIndexed(filter: {
    status?: SubmissionStatus;
    limit: number;
    offset: number;
    cursor?: { createdAt: string; id: number };
  }) {
    const which = filter.status ? 'status' : 'all';
    const params = { status: filter.status ?? null, limit: filter.limit };
    const total = counted[which].get(params) as number;
    let rows: SubmissionRow[];
    if (filter.cursor) rows = after[which].all({ ...params, ...filter.cursor });
    else if (filter.offset * 2 <= total) rows = newestFirst[which].all({ ...params, offset: filter.offset });
    else {
      // The same rows, counted from the oldest end: a page past the middle walks fewer rows so.
      const end = Math.min(total, filter.offset + filter.limit);
      const fromOldest = Math.max(0, total - end);
      rows = oldestFirst[which]
        .all({
          ...params,
          limit: Math.max(0, end - filter.offset),
          offset: fromOldest,
        })
        .reverse();
    }
    return { rows: toRows(rows), total };
  }

  const get = (id: number) => {
    const row = one.get(id) as SubmissionRow | undefined;
    return row ? toSubmission(row) : undefined;
  };

  return {
    /** A quote was sent at this amount (quote sending calls it inside the quote's transaction). */
    quoted: (id: number, amountCents: number, at: string) =>
      void update.run({ id, status: 'quoted', cents: amountCents, now: at }),
    /** The submission and its photo rows are written together or not at all. */
    create(fields: NewSubmission, source: SubmissionSource, stored: StoredPhoto[]): PhotoSubmission {
      const id = db.transaction(() => {
        const { lastInsertRowid } = insert.run({
          stories: null,
          squareFeet: null,
          ...fields,
          source,
          now: nowIso(),
        });
        const submissionId = Number(lastInsertRowid);
        photos.addAll({ submissionId }, stored);
        if (fields.textConsent)
          consents.record({ phone: fields.phone, source, sourceId: submissionId, at: nowIso() });
        return submissionId;
      })();
      return get(id)!;
    },
    list(filter: {
      status?: SubmissionStatus;
      q?: string;
      limit: number;
      offset: number;
      /** The last row the client has: the page starts after it (the offset is not used). */
      cursor?: { createdAt: string; id: number };
    }) {
      const q = filter.q || null;
      if (!q) return listIndexed(filter);
      // Only a search that looks like part of a phone number is also matched digit for digit.
      const digits = q && phoneSearchOf(q);
      const params = {
        status: filter.status ?? null,
        q: q && likePattern(q),
        digits: digits ? `%${digits}%` : null,
        limit: filter.limit,
        offset: filter.offset,
      };
      return {
        rows: toRows(page.all(params) as SubmissionRow[]),
        total: (count.get(params) as { n: number }).n,
      };
    },
    get,
    /** The quote tool learns the service from its quote, after the submission was saved. */
    recordServiceType(id: number, serviceType: string) {
      setServiceType.run({ id, serviceType, now: nowIso() });
    },
    update(id: number, change: { status: SubmissionStatus; estimateAmount?: number }) {
      const { changes } = update.run({
        id,
        status: change.status,
        cents: centsOrNull(change.estimateAmount),
        now: nowIso(),
      });
      return changes ? get(id) : undefined;
    },
  };
}
export type SubmissionRepository = ReturnType<typeof submissionRepository>;
