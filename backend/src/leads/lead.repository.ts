import {
  APPOINTMENT_SERVICE_OPTIONS,
  URGENCY_OPTIONS,
  WIZARD_SERVICE_OPTIONS,
  type Lead,
  type LeadChannel,
  type LeadStage,
  type LeadStageRecord,
} from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';

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
});

export interface LeadFilter {
  stage?: LeadStage;
  channel?: LeadChannel;
  q?: string | null;
  limit: number;
  offset: number;
}

// A search for "555-0123" or "(707) 555 0123" finds the number however it was typed.
const digitsOf = (q: string) => q.replace(/\D/g, '');
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The requests inbox: every channel's leads (kept by triggers, see migration 0010) and their stage. */
export function leadRepository(db: Db) {
  const where = `WHERE (@stage IS NULL OR l.stage = @stage) AND (@channel IS NULL OR l.channel = @channel)
    AND (@q IS NULL OR l.name LIKE @q ESCAPE '\\' OR l.email LIKE @q ESCAPE '\\' OR l.address LIKE @q ESCAPE '\\'
      OR (@digits IS NOT NULL AND l.phone_digits LIKE @digits))`;
  const page = db.prepare(`SELECT l.*, u.name AS changed_by_name FROM leads l
    LEFT JOIN users u ON u.id = l.stage_changed_by ${where}
    ORDER BY l.created_at DESC, l.id DESC LIMIT @limit OFFSET @offset`);
  const count = db.prepare(`SELECT COUNT(*) AS n FROM leads l ${where}`);
  const one = db.prepare(`SELECT l.*, u.name AS changed_by_name FROM leads l
    LEFT JOIN users u ON u.id = l.stage_changed_by WHERE l.id = ?`);
  const setStage = db.prepare(`UPDATE leads SET stage = @stage, lost_reason = @lostReason,
    stage_changed_at = @at, stage_changed_by = @userId WHERE id = @id`);
  const record =
    db.prepare(`INSERT INTO lead_stage_changes (lead_id, stage, lost_reason, changed_by, changed_at)
    VALUES (@id, @stage, @lostReason, @userId, @at)`);
  const history = db.prepare(`SELECT c.stage, c.lost_reason, u.name AS changed_by, c.changed_at
    FROM lead_stage_changes c LEFT JOIN users u ON u.id = c.changed_by WHERE c.lead_id = ? ORDER BY c.id`);
  const get = (id: number) => {
    const row = one.get(id) as LeadRow | undefined;
    return row && toLead(row);
  };
  return {
    list(f: LeadFilter) {
      const q = f.q?.trim() || null;
      const digits = q && digitsOf(q).length >= 3 ? `%${digitsOf(q)}%` : null;
      const params = {
        stage: f.stage ?? null,
        channel: f.channel ?? null,
        q: q ? likePattern(q) : null,
        digits,
        limit: f.limit,
        offset: f.offset,
      };
      return {
        rows: (page.all(params) as LeadRow[]).map(toLead),
        total: (count.get(params) as { n: number }).n,
      };
    },
    get,
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
