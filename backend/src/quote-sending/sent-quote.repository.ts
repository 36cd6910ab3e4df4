import {
  QUOTE_TERMS,
  type QuoteAcceptance,
  type QuoteAddOn,
  type QuoteDelivery,
  type QuoteHandoverChannel,
  type QuoteQuestion,
  type QuoteDeliveryOutcome,
  type QuoteLine,
  type QuoteState,
  type SentQuoteSummary,
} from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { fastRows } from '../db/fast-rows.ts';
import type { LeadRepository } from '../leads/lead.repository.ts';
import type { Clock } from '../time.ts';

/** The document as it was sent: what the customer's page shows, frozen at sending. */
export interface QuoteDocument {
  business: { name: string; phone: string; email: string; serviceArea: string };
  customerName: string;
  address: string | null;
  lines: QuoteLine[];
  /** The extras the customer may tick (none on a submission's quote). */
  addOns: QuoteAddOn[];
  /**
   * The terms as sent, when not the contract's English QUOTE_TERMS: a Spanish customer's quote
   * freezes QUOTE_TERMS_IN.es (issue 37). Absent on every English quote, so its stored document
   * (and the hash of what was shown) stays byte for byte what it was; `termsOf` reads it.
   */
  terms?: string;
}

/** The terms a quote's page shows: its frozen ones, else the contract's English. */
export const termsOf = (document: QuoteDocument) => document.terms ?? QUOTE_TERMS;

interface SentQuoteRow {
  id: number;
  submission_id: number | null;
  lead_id: number | null;
  customer_id: number | null;
  customer_phone: string | null;
  customer_email: string | null;
  accepted_name: string | null;
  accepted_ip: string | null;
  accepted_user_agent: string | null;
  accepted_add_on_ids: string | null;
  accepted_total_cents: number | null;
  accepted_shown_sha256: string | null;
  job_id: number | null;
  token: string;
  amount_cents: number;
  document: string;
  sent_by_name: string | null;
  sent_at: string;
  valid_until: string;
  superseded_at: string | null;
  opened_at: string | null;
  accepted_at: string | null;
  deposit_override_cents: number | null;
  deposit_cents: number | null;
}

export interface StoredQuote {
  id: number;
  submissionId: number | null;
  leadId: number | null;
  customerId: number | null;
  customerPhone: string | null;
  customerEmail: string | null;
  token: string;
  /** The price without add-ons, in cents. */
  amountCents: number;
  document: QuoteDocument;
  sentBy: string | null;
  sentAt: string;
  validUntil: string;
  supersededAt: string | null;
  openedAt: string | null;
  acceptedAt: string | null;
  acceptance: QuoteAcceptance | null;
  /** The acceptance's evidence beyond what the customer sees again. */
  acceptedFrom: { ip: string | null; userAgent: string | null; shownSha256: string | null } | null;
  jobId: number | null;
  /** Staff's own deposit for this quote (0: none), or null for Settings' rule (issue 35). */
  depositOverrideCents: number | null;
  /** The deposit it asked, fixed at acceptance. */
  depositCents: number | null;
}

/** What one acceptance keeps: the customer's words and choice, and where it came from. */
export interface AcceptanceEvidence {
  at: string;
  name: string;
  ip: string | null;
  userAgent: string | null;
  addOnIds: number[];
  totalCents: number;
  shownSha256: string;
  /** The deposit the quote asks at this moment (its own, else the rule's of this total). */
  depositCents: number;
}

const toQuote = (r: SentQuoteRow): StoredQuote => ({
  id: r.id,
  submissionId: r.submission_id,
  leadId: r.lead_id,
  customerId: r.customer_id,
  customerPhone: r.customer_phone,
  customerEmail: r.customer_email,
  token: r.token,
  amountCents: r.amount_cents,
  document: { addOns: [], ...(JSON.parse(r.document) as Omit<QuoteDocument, 'addOns'>) },
  sentBy: r.sent_by_name,
  sentAt: r.sent_at,
  validUntil: r.valid_until,
  supersededAt: r.superseded_at,
  openedAt: r.opened_at,
  acceptedAt: r.accepted_at,
  acceptance:
    r.accepted_at && r.accepted_name !== null && r.accepted_total_cents !== null
      ? {
          name: r.accepted_name,
          at: r.accepted_at,
          addOnIds: JSON.parse(r.accepted_add_on_ids ?? '[]') as number[],
          totalCents: r.accepted_total_cents,
        }
      : null,
  acceptedFrom: r.accepted_at
    ? { ip: r.accepted_ip, userAgent: r.accepted_user_agent, shownSha256: r.accepted_shown_sha256 }
    : null,
  jobId: r.job_id,
  depositOverrideCents: r.deposit_override_cents,
  depositCents: r.deposit_cents,
});

/**
 * A replaced quote says so first: replaced by a newer quote (only ever while open), or, once
 * accepted, by the customer accepting another quote on the same submission. Then an accepted
 * one is accepted whatever its date, and an expired one says so.
 */
export const stateOf = (
  q: Pick<StoredQuote, 'acceptedAt' | 'supersededAt' | 'validUntil'>,
  now: string,
): QuoteState =>
  q.supersededAt ? 'superseded' : q.acceptedAt ? 'accepted' : q.validUntil <= now ? 'expired' : 'open';

// The job booked from the quote is read from the jobs' owner table (one job per quote, migration 0044).
const SELECT = `SELECT q.*, u.name AS sent_by_name, (SELECT j.id FROM jobs j WHERE j.quote_id = q.id) AS job_id
  FROM sent_quotes q LEFT JOIN users u ON u.id = q.sent_by`;

/** Quotes sent to customers, their deliveries and questions (migration 0011), and the lead they move. */
/**
 * The submissions' owner as a quote being sent asks it. Named here, not picked from its type:
 * the submissions' repository reads the last quote sent from this file.
 */
export interface QuotedSubmissions {
  quoted(submissionId: number, amountCents: number, at: string): void;
}

export interface QuoteForFollowUp {
  id: number;
  acceptedAt: string | null;
  supersededAt: string | null;
  customerName: string | null;
  email: string | null;
  phone: string | null;
  leadStage: string | null;
}

/** Who a quote is for: a photo submission (and its lead), another lead, or a customer's record. */
export interface QuoteTarget {
  submissionId: number | null;
  leadId: number | null;
  customerId: number | null;
}

/** `leads`: the leads' owner; a sent or accepted quote moves its lead in the quote's transaction. */
export function sentQuoteRepository(
  db: Db,
  leads: Pick<LeadRepository, 'quoteMoved' | 'stageOfSubmission' | 'quoteMovedLead'>,
  clock: Clock = Date.now,
) {
  const insert = db.prepare(`INSERT INTO sent_quotes
    (submission_id, lead_id, customer_id, customer_phone, customer_email, token, amount_cents, document,
      sent_by, sent_at, valid_until, deposit_override_cents)
    VALUES (@submissionId, @leadId, @customerId, @customerPhone, @customerEmail, @token, @amountCents,
      @document, @sentBy, @sentAt, @validUntil, @depositOverrideCents)`);
  // A new quote replaces its lead's (or submission's) quotes still open; a customer's record may
  // hold several quotes for different work, so those stand side by side.
  const SAME_LEAD = `((@submissionId IS NOT NULL AND submission_id = @submissionId)
    OR (@leadId IS NOT NULL AND lead_id = @leadId))`;
  const supersede = db.prepare(`UPDATE sent_quotes SET superseded_at = @at
    WHERE ${SAME_LEAD} AND id <> @id AND superseded_at IS NULL AND accepted_at IS NULL`);
  const byToken = db.prepare(`${SELECT} WHERE q.token = ?`);
  const byId = db.prepare(`${SELECT} WHERE q.id = ?`);
  const ofSubmission = db.prepare(`${SELECT} WHERE q.submission_id = ? ORDER BY q.id DESC`);
  const ofLead = db.prepare(`${SELECT} WHERE q.lead_id = @leadId
    OR (@submissionId IS NOT NULL AND q.submission_id = @submissionId) ORDER BY q.id DESC`);
  const ofCustomer = db.prepare(`${SELECT} WHERE q.customer_id = ? ORDER BY q.id DESC`);
  const open = db.prepare('UPDATE sent_quotes SET opened_at = @at WHERE id = @id AND opened_at IS NULL');
  const accept = db.prepare(`UPDATE sent_quotes SET accepted_at = @at, accepted_name = @name,
      accepted_ip = @ip, accepted_user_agent = @userAgent, accepted_add_on_ids = @addOnIds,
      accepted_total_cents = @totalCents, accepted_shown_sha256 = @shownSha256, deposit_cents = @depositCents
    WHERE id = @id AND accepted_at IS NULL AND superseded_at IS NULL`);
  // One lead has one accepted quote: accepting one closes every other, accepted ones included.
  const closeOthers = db.prepare(`UPDATE sent_quotes SET superseded_at = @at
    WHERE ${SAME_LEAD} AND id <> @id AND superseded_at IS NULL`);
  const addDelivery =
    db.prepare(`INSERT INTO quote_deliveries (quote_id, channel, outcome, recipient, problem, at)
    VALUES (@quoteId, @channel, @outcome, @recipient, @problem, @at)`);
  const deliveriesOf = db.prepare(
    'SELECT channel, outcome, recipient, problem, at FROM quote_deliveries WHERE quote_id = ? ORDER BY id',
  );
  const addQuestion = db.prepare(
    'INSERT INTO quote_questions (quote_id, question, asked_at) VALUES (@quoteId, @question, @at)',
  );
  const questionsOf = db.prepare(`SELECT q.id, q.question, q.asked_at AS askedAt, q.answer,
    q.answered_at AS answeredAt, u.name AS answeredBy, q.answer_deliveries AS answerDeliveries
    FROM quote_questions q LEFT JOIN users u ON u.id = q.answered_by WHERE q.quote_id = ? ORDER BY q.id`);
  const questionOf = db.prepare(
    'SELECT id, quote_id AS quoteId, answered_at AS answeredAt FROM quote_questions WHERE id = ?',
  );
  const answer = db.prepare(`UPDATE quote_questions SET answer = @answer, answered_at = @at,
    answered_by = @userId, answer_deliveries = @deliveries WHERE id = @id AND answered_at IS NULL`);
  const reachedOf = db.prepare(`SELECT DISTINCT quote_id AS quoteId, channel FROM quote_deliveries
    WHERE quote_id IN (SELECT value FROM json_each(?)) AND outcome IN ('sent', 'copied')`);
  const openQuestionsOf = db.prepare(`SELECT quote_id AS quoteId, COUNT(*) AS n FROM quote_questions
    WHERE quote_id IN (SELECT value FROM json_each(?)) AND answered_at IS NULL GROUP BY quote_id`);
  // One statement for any page of submissions: their ids travel as one JSON array.
  // Read on every page of the submissions list: its rows built the cheap way (db/fast-rows.ts).
  const latestOf = fastRows<SentQuoteRow>(
    db.prepare(`SELECT q.*, NULL AS sent_by_name, NULL AS job_id FROM sent_quotes q WHERE q.id IN (
    SELECT MAX(id) FROM sent_quotes WHERE submission_id IN (SELECT value FROM json_each(?)) GROUP BY submission_id)`),
  );

  // The lead moves through its owner: a submission's lead by its submission, any other by its id.
  const moveLead = (q: QuoteTarget, stage: 'quoted' | 'won', userId: number | null, at: string) => {
    if (q.submissionId !== null) leads.quoteMoved(q.submissionId, stage, userId, at);
    else if (q.leadId !== null) leads.quoteMovedLead(q.leadId, stage, userId, at);
  };
  const all = (rows: unknown[]) => (rows as SentQuoteRow[]).map(toQuote);

  // A sent quote as its follow-ups see it: still open, who to, and where its lead stands.
  const followUpView = db.prepare<[number], QuoteForFollowUp>(`SELECT q.id, q.accepted_at AS acceptedAt,
      q.superseded_at AS supersededAt, s.first_name AS customerName, s.email, s.phone, l.stage AS leadStage
    FROM sent_quotes q JOIN photo_submissions s ON s.id = q.submission_id
    LEFT JOIN leads l ON l.channel IN ('photo-form', 'quote-tool') AND l.source_id = q.submission_id
    WHERE q.id = ?`);
  return {
    /** The quote for its follow-ups (planned, and checked as each goes), or undefined. */
    forFollowUp: (id: number): QuoteForFollowUp | undefined => followUpView.get(id),
    /**
     * One transaction: the new quote, the lead's older open ones superseded, a submission quoted at
     * this amount (through its owner, `submissions`) and the lead moved to "quoted" by the staff
     * member who sent it.
     */
    create(
      q: QuoteTarget & {
        customerPhone?: string | null;
        customerEmail?: string | null;
        token: string;
        amountCents: number;
        document: QuoteDocument;
        /** Null only for the demo's quotes, written before any staff account exists. */
        sentBy: number | null;
        sentAt: string;
        validUntil: string;
        /** Staff's own deposit (0: none); absent: Settings' rule. */
        depositOverrideCents?: number | null;
      },
      submissions: QuotedSubmissions | null,
    ): StoredQuote {
      return db.transaction(() => {
        const { lastInsertRowid } = insert.run({
          customerPhone: null,
          customerEmail: null,
          depositOverrideCents: null,
          ...q,
          document: JSON.stringify(q.document),
        });
        const id = Number(lastInsertRowid);
        supersede.run({ submissionId: q.submissionId, leadId: q.leadId, id, at: q.sentAt });
        if (q.submissionId !== null) submissions?.quoted(q.submissionId, q.amountCents, q.sentAt);
        moveLead(q, 'quoted', q.sentBy, q.sentAt);
        return toQuote(byId.get(id) as SentQuoteRow);
      })();
    },
    byId(id: number): StoredQuote | undefined {
      const row = byId.get(id) as SentQuoteRow | undefined;
      return row && toQuote(row);
    },
    /** A lead's quotes (a submission's lead: its submission's too), newest first. */
    ofLead: (leadId: number, submissionId: number | null) => all(ofLead.all({ leadId, submissionId })),
    ofCustomer: (customerId: number) => all(ofCustomer.all(customerId)),
    byToken(token: string): StoredQuote | undefined {
      const row = byToken.get(token) as SentQuoteRow | undefined;
      return row && toQuote(row);
    },
    ofSubmission: (submissionId: number) => (ofSubmission.all(submissionId) as SentQuoteRow[]).map(toQuote),
    /** True only for the first open. */
    recordOpened: (id: number, at: string) => open.run({ id, at }).changes === 1,
    /**
     * True only for the first acceptance, which alone closes the submission's other quotes and
     * moves the lead to won (by the customer: no user), all in one transaction.
     */
    accept(quote: StoredQuote, evidence: AcceptanceEvidence): boolean {
      const { at } = evidence;
      return db.transaction(() => {
        const params = { ...evidence, id: quote.id, addOnIds: JSON.stringify(evidence.addOnIds) };
        if (accept.run(params).changes === 0) return false;
        closeOthers.run({ submissionId: quote.submissionId, leadId: quote.leadId, id: quote.id, at });
        moveLead(quote, 'won', null, at);
        return true;
      })();
    },
    recordDelivery(d: {
      quoteId: number;
      channel: QuoteHandoverChannel;
      outcome: QuoteDeliveryOutcome;
      recipient: string | null;
      problem: string | null;
      at: string;
    }) {
      addDelivery.run(d);
    },
    leadStageOf: (submissionId: number) => leads.stageOfSubmission(submissionId),
    deliveries: (quoteId: number) => deliveriesOf.all(quoteId) as QuoteDelivery[],
    addQuestion: (quoteId: number, question: string, at: string) =>
      addQuestion.run({ quoteId, question, at }),
    questions: (quoteId: number): QuoteQuestion[] =>
      (
        questionsOf.all(quoteId) as (Omit<QuoteQuestion, 'answerDeliveries'> & {
          answerDeliveries: string | null;
        })[]
      ).map((q) => ({
        ...q,
        answerDeliveries: q.answerDeliveries ? (JSON.parse(q.answerDeliveries) as QuoteDelivery[]) : [],
      })),
    question: (id: number) =>
      questionOf.get(id) as { id: number; quoteId: number; answeredAt: string | null } | undefined,
    /** Records staff's answer once; false when it was answered already. */
    answer: (a: { id: number; answer: string; at: string; userId: number; deliveries: QuoteDelivery[] }) =>
      answer.run({ ...a, deliveries: JSON.stringify(a.deliveries) }).changes === 1,
    /** Each submission's newest quote in short, for the cards of a page of submissions. */
    latestFor(submissionIds: number[]): Map<number, SentQuoteSummary> {
      const now = new Date(clock()).toISOString();
      if (submissionIds.length === 0) return new Map();
      const rows = latestOf.all(JSON.stringify(submissionIds));
      const quoteIds = JSON.stringify(rows.map((r) => r.id));
      const reached = reachedOf.all(quoteIds) as { quoteId: number; channel: QuoteHandoverChannel }[];
      const open = new Map(
        (openQuestionsOf.all(quoteIds) as { quoteId: number; n: number }[]).map((o) => [o.quoteId, o.n]),
      );
      return new Map(
        rows.map((r) => {
          const q = toQuote(r);
          const summary: SentQuoteSummary = {
            state: stateOf(q, now),
            sentAt: q.sentAt,
            openedAt: q.openedAt,
            acceptedAt: q.acceptedAt,
            reachedBy: reached.filter((d) => d.quoteId === q.id).map((d) => d.channel),
            openQuestions: open.get(q.id) ?? 0,
          };
          return [q.submissionId!, summary];
        }),
      );
    },
  };
}
export type SentQuoteRepository = ReturnType<typeof sentQuoteRepository>;
