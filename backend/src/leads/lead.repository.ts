import {
  APPOINTMENT_SERVICE_OPTIONS,
  URGENCY_OPTIONS,
  WIZARD_SERVICE_OPTIONS,
  type CustomerItemKind,
  type Lead,
  type LeadChannel,
  type LeadStage,
  type LeadStageRecord,
  type AppointmentStatus,
  type VisitAnswer,
  phoneSearchOf,
} from '@washdesk/contract';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.ts';
import { keyedPages } from '../db/keyed-pages.ts';
import { nowIso } from '../db/database.ts';
import type { PhotoRepository } from '../photos/photo.repository.ts';
import { likePattern, phrase, TRIGRAM } from '../search/search-terms.ts';

interface LeadRow {
  id: number;
  channel: LeadChannel;
  source_id: number;
  name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  asked_for: string | null;
  timeline: string | null;
  detail: string | null;
  created_at: string;
  stage: LeadStage;
  lost_reason: string | null;
  stage_changed_at: string | null;
  changed_by_name: string | null;
  estimate_appointment_id: number | null;
  estimate_date: string | null;
  estimate_time: string | null;
  estimate_status: AppointmentStatus | null;
  estimate_answer: VisitAnswer | null;
  open_questions: number;
  open_question: string | null;
  callback_requested: number | null;
  callback_reason: string | null;
  callback_urgent: number | null;
  customer_id: number | null;
}

// Channels store the service as their own values ("house-washing"); staff read the labels.
const LABELS = new Map<string, string>(
  [...WIZARD_SERVICE_OPTIONS, ...APPOINTMENT_SERVICE_OPTIONS].map((o) => [o.value, o.label]),
);
const TIMELINES = new Map<string, string>(URGENCY_OPTIONS.map((o) => [o.value, o.label]));

const toLead = (r: LeadRow): Lead => ({
  id: r.id,
  channel: r.channel,
  sourceId: r.source_id,
  name: r.name,
  phone: r.phone,
  email: r.email,
  address: r.address,
  askedFor: r.asked_for ? (LABELS.get(r.asked_for) ?? r.asked_for) : null,
  timeline: r.timeline ? (TIMELINES.get(r.timeline) ?? r.timeline) : null,
  detail: r.detail,
  createdAt: r.created_at,
  stage: r.stage,
  lostReason: r.lost_reason,
  stageChangedAt: r.stage_changed_at,
  stageChangedBy: r.changed_by_name,
  estimate:
    r.estimate_appointment_id !== null && r.estimate_date !== null && r.estimate_status !== null
      ? {
          appointmentId: r.estimate_appointment_id,
          scheduledDate: r.estimate_date,
          preferredTime: r.estimate_time,
          status: r.estimate_status,
          customerAnswer: r.estimate_answer,
        }
      : null,
  photos: [],
  customerId: r.customer_id,
  openQuestions: r.open_questions,
  openQuestion: r.open_question,
  callBack: r.callback_requested ? { reason: r.callback_reason, urgent: r.callback_urgent === 1 } : null,
});

// Which timeline entry each channel's lead is.
const CUSTOMER_KIND: Record<LeadChannel, CustomerItemKind> = {
  wizard: 'request',
  'photo-form': 'submission',
  'quote-tool': 'submission',
  phone: 'call',
  text: 'text',
  messenger: 'conversation',
};
/** The customer record of a lead (migration 0012 keeps one per person): its channel's timeline entry. */
const CUSTOMER_ITEM_OF_LEAD = `LEFT JOIN customer_items ci ON ci.source_id = l.source_id
  AND ci.kind = CASE l.channel ${Object.entries(CUSTOMER_KIND)
    .map(([channel, kind]) => `WHEN '${channel}' THEN '${kind}'`)
    .join(' ')} END`;

export interface LeadFilter {
  stage?: LeadStage;
  channel?: LeadChannel;
  q?: string | null;
  limit: number;
  offset: number;
}

// A submission's unanswered questions on its quotes: only for the page's rows (see the page query).
const OPEN_QUESTIONS = `FROM quote_questions qq JOIN sent_quotes sq ON sq.id = qq.quote_id
    WHERE l.channel IN ('photo-form', 'quote-tool') AND sq.submission_id = l.source_id AND qq.answered_at IS NULL`;
const ROW = `SELECT l.*, u.name AS changed_by_name, a.scheduled_date AS estimate_date,
    a.preferred_time AS estimate_time, a.status AS estimate_status,
    (SELECT v.answer FROM visit_answers v WHERE v.appointment_id = a.id
      ORDER BY v.created_at DESC, v.id DESC LIMIT 1) AS estimate_answer,
    (SELECT COUNT(*) ${OPEN_QUESTIONS}) AS open_questions,
    (SELECT qq.question ${OPEN_QUESTIONS} ORDER BY qq.id DESC LIMIT 1) AS open_question,
    c.callback_requested, c.callback_reason, c.callback_urgent, ci.customer_id FROM leads l
  LEFT JOIN users u ON u.id = l.stage_changed_by
  ${CUSTOMER_ITEM_OF_LEAD}
  LEFT JOIN calls c ON l.channel = 'phone' AND c.id = l.source_id
  LEFT JOIN appointments a ON a.id = l.estimate_appointment_id`;

type Search = 'none' | 'index' | 'scan';

/**
 * The WHERE of one combination of filters, naming only the filters in use: a generic
 * "(@stage IS NULL OR stage = @stage)" keeps SQLite from choosing the stage or channel index,
 * so each combination gets its own statement (see backend/bench/requests-inbox.bench.ts).
 */
function whereOf(stage: boolean, channel: boolean, search: Search) {
  const terms = [];
  if (stage) terms.push('stage = @stage');
  if (channel) terms.push('channel = @channel');
  if (search === 'index')
    terms.push('id IN (SELECT rowid FROM leads_search WHERE leads_search MATCH @match)');
  if (search === 'scan')
    terms.push(`(name LIKE @like ESCAPE '\\' OR email LIKE @like ESCAPE '\\' OR address LIKE @like ESCAPE '\\'
      OR (@digits IS NOT NULL AND phone_digits LIKE @digits))`);
  return terms.length ? `WHERE ${terms.join(' AND ')}` : '';
}

/** The requests inbox: every channel's leads (kept by triggers, see migration 0010) and their stage. */
export function leadRepository(db: Db, photos: PhotoRepository) {
  const statements = new Map<string, { page: Statement; count: Statement }>();
  const statementsFor = (stage: boolean, channel: boolean, search: Search) => {
    const key = `${stage}/${channel}/${search}`;
    let found = statements.get(key);
    if (!found) {
      const where = whereOf(stage, channel, search);
      found = {
        // The page's ids first, from an index alone; only those 50 rows are read and joined, so a
        // deep page skips index entries rather than whole joined rows.
        page: db.prepare(`${ROW} WHERE l.id IN (SELECT id FROM leads ${where}
          ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset)
          ORDER BY l.created_at DESC, l.id DESC`),
        count: db.prepare(`SELECT COUNT(*) AS n FROM leads ${where}`),
      };
      statements.set(key, found);
    }
    return found;
  };
  // The inbox as it opens, or one stage or channel: each page's ids from an index holding the filter
  // and the whole order (migration 0061), counted from whichever end is nearer (db/keyed-pages.ts).
  const pages = keyedPages<LeadRow>(db, {
    table: 'leads',
    key: 'created_at',
    select: ROW,
    alias: 'l',
    filters: { stage: 'stage = @stage', channel: 'channel = @channel' },
    counted: 'leads',
    everyRowIn: 'stage',
  });
  const one = db.prepare(`${ROW} WHERE l.id = ?`);
  const setStage = db.prepare(`UPDATE leads SET stage = @stage, lost_reason = @lostReason,
    stage_changed_at = @at, stage_changed_by = @userId WHERE id = @id`);
  const linkEstimate = db.prepare(`UPDATE leads SET stage = 'estimate-booked', lost_reason = NULL,
    stage_changed_at = @at, stage_changed_by = @userId, estimate_appointment_id = @appointmentId WHERE id = @id`);
  const linkEstimateOnly = db.prepare(
    `UPDATE leads SET estimate_appointment_id = @appointmentId WHERE id = @id`,
  );
  const stageOf = db.prepare(`SELECT stage FROM leads WHERE id = ?`).pluck();
  // A Messenger lead carries a note in its detail (a call's lead gets it from the call's summary).
  const noteOnMessenger = db.prepare(`UPDATE leads
    SET detail = CASE WHEN detail IS NULL OR detail = '' THEN :note ELSE :note || ' ' || detail END
    WHERE channel = 'messenger' AND source_id = :id AND instr(IFNULL(detail, ''), :note) = 0`);
  // A photo submission's lead (the photo form's or the quote tool's): quote sending moves it.
  const ofSubmission = db.prepare<[number], { id: number; stage: LeadStage }>(
    `SELECT id, stage FROM leads WHERE channel IN ('photo-form', 'quote-tool') AND source_id = ?`,
  );
  const record =
    db.prepare(`INSERT INTO lead_stage_changes (lead_id, stage, lost_reason, changed_by, changed_at)
    VALUES (@id, @stage, @lostReason, @userId, @at)`);
  const history = db.prepare(`SELECT c.stage, c.lost_reason, u.name AS changed_by, c.changed_at
    FROM lead_stage_changes c LEFT JOIN users u ON u.id = c.changed_by WHERE c.lead_id = ? ORDER BY c.id`);
  /** One query per channel table for a whole page, however many leads it has. */
  const withPhotos = (rows: LeadRow[]): Lead[] => {
    const sourcesOf = (channels: LeadChannel[]) =>
      rows.filter((r) => channels.includes(r.channel)).map((r) => r.source_id);
    const ofRequests = photos.forServiceRequests(sourcesOf(['wizard']));
    const ofSubmissions = photos.forSubmissions(sourcesOf(['photo-form', 'quote-tool']));
    // A call's or a conversation's id may equal a submission's: only the owning table's photos count.
    const photosOf = (r: LeadRow) =>
      r.channel === 'wizard'
        ? ofRequests.get(r.source_id)
        : r.channel === 'photo-form' || r.channel === 'quote-tool'
          ? ofSubmissions.get(r.source_id)
          : undefined;
    return rows.map((r) => ({
      ...toLead(r),
      photos: photosOf(r) ?? [],
    }));
  };
  const get = (id: number) => {
    const row = one.get(id) as LeadRow | undefined;
    return row && withPhotos([row])[0];
  };
  return {
    /** Notes on a Messenger conversation's lead (once) what staff must know, e.g. the customer writes Spanish. */
    noteOnMessengerLead: (conversationId: number, note: string) =>
      void noteOnMessenger.run({ id: conversationId, note }),
    list(f: LeadFilter) {
      const q = f.q?.trim() || null;
      if (!q) {
        const { rows, total } = pages.page({ stage: f.stage, channel: f.channel }, f);
        return { rows: withPhotos(rows), total };
      }
      const digits = phoneSearchOf(q);
      const search: Search = !q ? 'none' : q.length >= TRIGRAM ? 'index' : 'scan';
      const match =
        search === 'index'
          ? `{name email address} : ${phrase(q!)}${digits ? ` OR phone_digits : ${phrase(digits)}` : ''}`
          : null;
      const params = {
        ...(f.stage && { stage: f.stage }),
        ...(f.channel && { channel: f.channel }),
        ...(match && { match }),
        ...(search === 'scan' && { like: likePattern(q!), digits: digits && `%${digits}%` }),
      };
      const { page, count } = statementsFor(Boolean(f.stage), Boolean(f.channel), search);
      return {
        rows: withPhotos(page.all({ ...params, limit: f.limit, offset: f.offset }) as LeadRow[]),
        total: (count.get(params) as { n: number }).n,
      };
    },
    get,
    /**
     * Links the visit booked for a lead, inside the caller's transaction (the booking); false for an
     * unknown lead. The pipeline only moves forward: a lead already quoted or won keeps its stage
     * (the visit is a re-measure or the job's walk-through), while a new, contacted or lost lead
     * (the customer came back) moves to "estimate booked", recorded with who did it.
     */
    bookedEstimate(id: number, appointmentId: number, userId: number) {
      const stage = stageOf.get(id) as LeadStage | undefined;
      if (!stage) return false;
      const params = { id, appointmentId, userId, stage: 'estimate-booked', lostReason: null, at: nowIso() };
      if (stage === 'quoted' || stage === 'won' || stage === 'estimate-booked') {
        linkEstimateOnly.run(params);
        return true;
      }
      linkEstimate.run(params);
      record.run(params);
      return true;
    },
    /** Where a photo submission's lead stands (null: it has none). */
    stageOfSubmission: (submissionId: number): LeadStage | null =>
      ofSubmission.get(submissionId)?.stage ?? null,
    /**
     * A quote for the submission was sent (by staff) or accepted (by the customer, no user): its
     * lead moves, recorded. Called inside quote sending's transaction, so both land or neither.
     */
    quoteMoved(submissionId: number, stage: 'quoted' | 'won', userId: number | null, at: string) {
      const lead = ofSubmission.get(submissionId);
      if (!lead) return;
      const params = { id: lead.id, stage, lostReason: null, userId, at };
      setStage.run(params);
      record.run(params);
    },
    /**
     * The same for a quote made from any other lead (issue 33): moved by the lead's id, inside the
     * quote's transaction. A won lead stays won when a later quote is sent.
     */
    quoteMovedLead(id: number, stage: 'quoted' | 'won', userId: number | null, at: string) {
      if (stage === 'quoted' && stageOf.get(id) === 'won') return;
      const params = { id, stage, lostReason: null, userId, at };
      if (setStage.run(params).changes) record.run(params);
    },
    /** Moves a lead along the pipeline and records who did it; undefined for an unknown lead. */
    changeStage(id: number, change: { stage: LeadStage; lostReason: string | null }, userId: number) {
      return db.transaction(() => {
        const params = {
          id,
          stage: change.stage,
          lostReason: change.stage === 'lost' ? change.lostReason : null,
          userId,
          at: nowIso(),
        };
        if (setStage.run(params).changes === 0) return undefined;
        record.run(params);
        return get(id);
      })();
    },
    history: (id: number): LeadStageRecord[] =>
      (
        history.all(id) as {
          stage: LeadStage;
          lost_reason: string | null;
          changed_by: string | null;
          changed_at: string;
        }[]
      ).map((r) => ({
        stage: r.stage,
        lostReason: r.lost_reason,
        changedBy: r.changed_by,
        changedAt: r.changed_at,
      })),
  };
}
export type LeadRepository = ReturnType<typeof leadRepository>;
