import {
  dollarsOf,
  type CustomerItem,
  type CustomerItemKind,
  type Photo,
} from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import type { PhotoRepository } from '../photos/photo.repository.ts';
import type { OutboxRepository } from '../outbox/outbox.repository.ts';
import type { TextRepository } from '../texts/text.repository.ts';

/** What a timeline reads through other features' own repositories (passed, never rebuilt here). */
export interface TimelineSources {
  photos: PhotoRepository;
  /** Texts through the texts feature's own reading, so each of ours shows where it stands. */
  texts: Pick<TextRepository, 'latestMessages'>;
  /** Automatic e-mails (reminders, quote follow-ups, review requests) show on what they are about. */
  outbox: Pick<OutboxRepository, 'emailsAbout'>;
}

type Ref = { kind: CustomerItemKind; source_id: number; at: string };
type Row = Record<string, unknown> & { id: number };
interface QuoteRow {
  id: number;
  submission_id: number;
  amount_cents: number;
  sent_at: string;
  sent_by: string | null;
  opened_at: string | null;
  accepted_at: string | null;
  superseded_at: string | null;
}
interface QuestionRow {
  quote_id: number;
  question: string;
  asked_at: string;
  answer: string | null;
  answered_at: string | null;
}

// A conversation shows its latest messages; the whole thread is one click away in Messenger.
const MESSAGES_SHOWN = 5;
const SENDERS: Record<string, string> = {
  customer: 'Customer',
  staff: 'Staff',
  assistant: 'AI assistant',
  automatic: 'Automatic text',
};
const cents = (v: unknown) => (typeof v === 'number' ? dollarsOf(v) : null);
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

/**
 * Turns a page of timeline references into entries staff can read: one query per kind for the
 * whole page (plus a conversation's latest messages), then back into the page's time order.
 */
export function customerTimelineItems(
  db: Db,
  { photos, texts, outbox }: TimelineSources,
  labels: { services: Map<string, string>; timelines: Map<string, string> },
) {
  const byIds = (table: string) =>
    db.prepare(`SELECT * FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`);
  const requests = byIds('service_requests');
  const submissions = byIds('photo_submissions');
  const calls = byIds('calls');
  const conversations = byIds('messenger_conversations');
  const appointments = byIds('appointments');
  const textThreads = byIds('text_threads');
  const asMessage = (m: ReturnType<typeof outbox.emailsAbout>[number]): CustomerItem['messages'][number] => ({
    sender: 'Automatic e-mail',
    text: m.subject ? `${m.subject}: ${m.body}` : m.body,
    at: m.sentAt ?? m.dueAt,
    state: m.state,
    problem: m.state === 'sent' ? null : m.error,
  });
  const messages =
    db.prepare(`SELECT sender, message_text, attachment_kind, created_at FROM messenger_messages
    WHERE conversation_id = ? ORDER BY created_at DESC, id DESC LIMIT ${MESSAGES_SHOWN}`);
  const questionsOf =
    db.prepare(`SELECT quote_id, question, asked_at, answer, answered_at FROM quote_questions
    WHERE quote_id IN (SELECT value FROM json_each(?)) ORDER BY id`);
  const quotesOf = db.prepare(`SELECT q.id, q.submission_id, q.amount_cents, q.sent_at, u.name AS sent_by,
    q.opened_at, q.accepted_at, q.superseded_at FROM sent_quotes q LEFT JOIN users u ON u.id = q.sent_by
    WHERE q.submission_id IN (SELECT value FROM json_each(?)) ORDER BY q.id`);
  const service = (v: unknown) => (typeof v === 'string' ? (labels.services.get(v) ?? v) : null);

  const load = (refs: Ref[], kind: CustomerItemKind, statement: ReturnType<Db['prepare']>) => {
    const ids = refs.filter((r) => r.kind === kind).map((r) => r.source_id);
    return new Map(ids.length ? (statement.all(JSON.stringify(ids)) as Row[]).map((r) => [r.id, r]) : []);
  };

  return (refs: Ref[]): CustomerItem[] => {
    const rows = {
      request: load(refs, 'request', requests),
      submission: load(refs, 'submission', submissions),
      call: load(refs, 'call', calls),
      conversation: load(refs, 'conversation', conversations),
      appointment: load(refs, 'appointment', appointments),
      text: load(refs, 'text', textThreads),
    };
    const ids = (kind: CustomerItemKind) => [...rows[kind].keys()];
    const requestPhotos = photos.forServiceRequests(ids('request'));
    const submissionPhotos = photos.forSubmissions(ids('submission'));
    const submissionQuotes = new Map<number, CustomerItem['quotes']>();
    const submissionQuoteIds = new Map<number, number[]>();
    if (ids('submission').length) {
      const quoteRows = quotesOf.all(JSON.stringify(ids('submission'))) as QuoteRow[];
      const questions = questionsOf.all(JSON.stringify(quoteRows.map((q) => q.id))) as QuestionRow[];
      for (const q of quoteRows) {
        const list = submissionQuotes.get(q.submission_id) ?? [];
        list.push({
          amount: dollarsOf(q.amount_cents),
          sentAt: q.sent_at,
          sentBy: q.sent_by,
          openedAt: q.opened_at,
          acceptedAt: q.accepted_at,
          supersededAt: q.superseded_at,
          questions: questions
            .filter((question) => question.quote_id === q.id)
            .map((question) => ({
              question: question.question,
              askedAt: question.asked_at,
              answer: question.answer,
              answeredAt: question.answered_at,
            })),
        });
        submissionQuotes.set(q.submission_id, list);
        submissionQuoteIds.set(q.submission_id, [...(submissionQuoteIds.get(q.submission_id) ?? []), q.id]);
      }
    }

    // The page's automatic e-mails in one query, then each on the item it is about.
    const abouts = [
      ...ids('appointment').map((id) => `appointment:${id}`),
      ...[...submissionQuoteIds.values()].flat().map((id) => `quote:${id}`),
    ];
    const emails = new Map<string, ReturnType<typeof outbox.emailsAbout>>();
    for (const m of outbox.emailsAbout(abouts)) emails.set(m.about!, [...(emails.get(m.about!) ?? []), m]);
    const emailsAbout = (list: string[]) => list.flatMap((about) => (emails.get(about) ?? []).map(asMessage));

    const entry = (ref: Ref, r: Row): CustomerItem => {
      const base = {
        kind: ref.kind,
        sourceId: ref.source_id,
        at: ref.at,
        detail: null as string | null,
        status: null as string | null,
        amount: null as number | null,
        photos: [] as Photo[],
        messages: [] as CustomerItem['messages'],
        quotes: [] as CustomerItem['quotes'],
      };
      switch (ref.kind) {
        case 'request':
          return {
            ...base,
            title: `Website request: ${service(r.service_type)}`,
            detail: text(r.description),
            status: typeof r.urgency === 'string' ? (labels.timelines.get(r.urgency) ?? r.urgency) : null,
            photos: requestPhotos.get(r.id) ?? [],
            link: `/admin/requests?q=${encodeURIComponent(String(r.phone))}`,
          };
        case 'submission':
          return {
            ...base,
            title: `Photo submission${text(r.service_type) ? `: ${service(r.service_type)}` : ''}`,
            detail: text(r.notes),
            status: String(r.status),
            amount: cents(r.estimate_amount_cents),
            photos: submissionPhotos.get(r.id) ?? [],
            quotes: submissionQuotes.get(r.id) ?? [],
            messages: emailsAbout((submissionQuoteIds.get(r.id) ?? []).map((id) => `quote:${id}`)),
            link: `/admin/photo-submissions?submission=${r.id}`,
          };
        case 'call':
          return {
            ...base,
            title: r.callback_requested ? 'Call: asked for a call back' : `Call: ${String(r.status)}`,
            detail: text(r.summary),
            status: String(r.status),
            link: `/admin/call-logs?call=${r.id}`,
          };
        case 'conversation':
          return {
            ...base,
            title: 'Messenger conversation',
            messages: (
              messages.all(r.id) as {
                sender: string;
                message_text: string;
                attachment_kind: string | null;
                created_at: string;
              }[]
            )
              .reverse()
              .map((m) => ({
                sender: SENDERS[m.sender] ?? m.sender,
                text: m.message_text || (m.attachment_kind === 'image' ? 'sent a photo' : 'sent a file'),
                at: m.created_at,
              })),
            status: String(r.status),
            link: `/admin/messenger-conversations?conversation=${r.id}`,
          };
        case 'appointment':
          return {
            ...base,
            title: `Appointment: ${service(r.service_type)}`,
            detail: [r.scheduled_date, r.preferred_time].filter(Boolean).join(' at '),
            status: String(r.status),
            amount: cents(r.estimate_amount_cents),
            messages: emailsAbout([`appointment:${r.id}`]),
            link: `/admin/appointment-scheduling?appointment=${r.id}`,
          };
        case 'text': {
          // Texts sent and received on the business number (texts/), latest few, with the photos
          // the customer texted in them (MMS).
          const latest = texts.latestMessages(r.id, MESSAGES_SHOWN);
          return {
            ...base,
            title: 'Text messages',
            photos: latest.flatMap((m) => m.photos),
            messages: latest.map((m) => ({
              sender: SENDERS[m.sender] ?? m.sender,
              text: m.body || (m.mediaCount ? 'sent a photo' : ''),
              at: m.createdAt,
              ...(m.direction === 'out' ? { state: m.state, problem: m.problem } : {}),
            })),
            status: r.opted_out_at ? 'opted out' : null,
            link: `/admin/texts?thread=${r.id}`,
          };
        }
      }
    };
    // A row deleted after the page was read is skipped rather than shown half.
    return refs.flatMap((ref) => {
      const r = rows[ref.kind].get(ref.source_id);
      return r ? [entry(ref, r)] : [];
    });
  };
}
