import fs from 'node:fs';
import {
  DISPUTE_STATUS_LABELS,
  formatCents,
  PAYMENT_METHOD_LABELS,
  type CustomerItem,
  type Dispute,
  type Payment,
} from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { photoFile } from '../photos/photo.storage.ts';
import type { PhotoProcessing } from '../photos/photo-processing.ts';
import type { PhotoRepository } from '../photos/photo.repository.ts';
import { shownSha256 } from '../quote-sending/accepted-evidence.ts';
import type { SentQuoteRepository, StoredQuote } from '../quote-sending/sent-quote.repository.ts';
import type { LedgerRepository } from '../payments/ledger.repository.ts';
import { zip, type ZipEntry } from './zip-writer.ts';

// The one-click evidence packet of a dispute (issue 35, item 5): everything a bank asks for, in one
// ZIP the owner uploads to Stripe. The signed acceptance (the typed name, when, from which address
// and browser, the total, and the SHA-256 of what the page showed, re-computed here from the quote
// as stored so the packet says whether it still matches), the quote as sent, the job's photos (the
// stripped copies only: never the original upload with its GPS), the visit timeline, the messages
// with the customer and a summary. Each part says plainly when there is nothing of it.

export interface EvidenceSources {
  db: Db;
  config: Config;
  timeZone: string;
  sentQuotes: Pick<SentQuoteRepository, 'byId'>;
  photos: Pick<PhotoRepository, 'forSubmissions' | 'forServiceRequests'>;
  processing: Pick<PhotoProcessing, 'ready'>;
  ledger: Pick<LedgerRepository, 'ofPaymentIntent'>;
  /** The customer's timeline, as the Customers screen reads it (texts, Messenger, calls). */
  timeline: (customerId: number, limit: number, offset: number) => { rows: CustomerItem[] };
}

/** How many timeline entries of the customer a packet reads (years of a regular customer). */
const TIMELINE_ENTRIES = 200;
const MESSAGE_KINDS = new Set(['text', 'conversation', 'call']);

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function evidencePackets(src: EvidenceSources) {
  const { db } = src;
  const jobOf = db.prepare<
    [number],
    {
      id: number;
      quote_id: number | null;
      customer_id: number | null;
      customer_name: string;
      address: string;
      title: string;
      price_cents: number;
      status: string;
      created_at: string;
    }
  >(
    'SELECT id, quote_id, customer_id, customer_name, address, title, price_cents, status, created_at FROM jobs WHERE id = ?',
  );
  const jobOfQuote = db.prepare<[number], { id: number }>('SELECT id FROM jobs WHERE quote_id = ?');
  const invoiceOf = db.prepare<
    [number],
    {
      id: number;
      number: number;
      job_id: number;
      total_cents: number;
      deposit_credited_cents: number;
      issued_on: string;
      due_on: string;
      status: string;
    }
  >(
    'SELECT id, number, job_id, total_cents, deposit_credited_cents, issued_on, due_on, status FROM invoices WHERE id = ?',
  );
  const invoiceLines = db.prepare<
    [number],
    { service: string; description: string | null; quantity: number; amount_cents: number }
  >(
    'SELECT service, description, quantity, amount_cents FROM invoice_lines WHERE invoice_id = ? ORDER BY position',
  );
  const visits = db.prepare<
    [number],
    {
      id: number;
      kind: string;
      scheduled_date: string;
      preferred_time: string | null;
      status: string;
      cancel_reason: string | null;
      created_at: string;
      updated_at: string;
    }
  >(
    `SELECT id, kind, scheduled_date, preferred_time, status, cancel_reason, created_at, updated_at
     FROM appointments WHERE job_id = ? ORDER BY scheduled_date, id`,
  );
  const answers = db.prepare<
    [string],
    { appointment_id: number; answer: string; channel: string; detail: string | null; created_at: string }
  >(
    `SELECT appointment_id, answer, channel, detail, created_at FROM visit_answers
     WHERE appointment_id IN (SELECT value FROM json_each(?)) ORDER BY created_at, id`,
  );
  // What staff heard of the job and its visits: "On my way", done, moved, cancelled.
  const happenings = db.prepare<
    { job: number; visits: string },
    { type: string; summary: string; created_at: string }
  >(
    `SELECT type, summary, created_at FROM events
     WHERE (type LIKE 'job.%' AND entity_id = @job)
        OR (type LIKE 'appointment.%' AND entity_id IN (SELECT value FROM json_each(@visits)))
     ORDER BY created_at, id`,
  );
  // A quote made from a photo submission knows its customer only through the customer's timeline.
  const customerOfItems = db.prepare<{ submission: number | null; visits: string }, { customer_id: number }>(
    `SELECT customer_id FROM customer_items
     WHERE (kind = 'submission' AND source_id = @submission)
        OR (kind = 'appointment' AND source_id IN (SELECT value FROM json_each(@visits)))
     LIMIT 1`,
  );
  const leadOf = db.prepare<[number], { channel: string; source_id: number }>(
    'SELECT channel, source_id FROM leads WHERE id = ?',
  );

  const local = (iso: string | null | undefined) =>
    iso
      ? `${new Date(iso).toLocaleString('en-US', { timeZone: src.timeZone, dateStyle: 'medium', timeStyle: 'long' })} (${iso})`
      : '—';

  function acceptanceText(quote: StoredQuote | undefined): { text: string; matches: boolean | null } {
    if (!quote)
      return {
        text: 'No quote is linked to this payment, so there is no signed acceptance to show.\n',
        matches: null,
      };
    if (!quote.acceptance)
      return {
        text: `Quote #${quote.id} was sent on ${local(quote.sentAt)} but was never accepted online.\n`,
        matches: null,
      };
    const a = quote.acceptance;
    const recomputed = shownSha256(quote, { name: a.name, addOnIds: a.addOnIds, totalCents: a.totalCents });
    const stored = quote.acceptedFrom?.shownSha256 ?? null;
    const matches = stored ? stored === recomputed : null;
    const ticked = quote.document.addOns.filter((o) => a.addOnIds.includes(o.id));
    const text = [
      `SIGNED ACCEPTANCE OF QUOTE #${quote.id}`,
      '',
      `Name typed by the customer:  ${a.name}`,
      'Agreed to the terms:         yes (the tick is required to accept)',
      `Accepted at:                 ${local(a.at)}`,
      `From IP address:             ${quote.acceptedFrom?.ip ?? 'not recorded'}`,
      `Browser:                     ${quote.acceptedFrom?.userAgent ?? 'not recorded'}`,
      `Service address:             ${quote.document.address ?? 'not given'}`,
      `Add-ons ticked:              ${ticked.length ? ticked.map((o) => `${o.service} (${formatCents(o.amountCents)})`).join(', ') : 'none'}`,
      `Total accepted:              ${formatCents(a.totalCents)}`,
      `SHA-256 of what was shown:   ${stored ?? 'not recorded (accepted before it was kept)'}`,
      stored
        ? `Re-computed from the quote as stored today: ${recomputed} (${matches ? 'MATCHES: the quote has not changed since it was accepted' : 'DOES NOT MATCH'})`
        : '',
      `Quote sent:                  ${local(quote.sentAt)}${quote.sentBy ? ` by ${quote.sentBy}` : ''}`,
      `First opened by the customer: ${local(quote.openedAt)}`,
      '',
    ].join('\n');
    return { text, matches };
  }

  function quoteHtml(quote: StoredQuote): string {
    const d = quote.document;
    const rows = d.lines
      .map(
        (l) =>
          `<tr><td>${escapeHtml(l.service)}</td><td>${l.squareFeet ?? ''}</td><td>${l.amountCents == null ? '' : formatCents(l.amountCents)}</td></tr>`,
      )
      .join('');
    const addOns = d.addOns
      .map(
        (o) =>
          `<tr><td>${escapeHtml(o.service)} (optional)</td><td></td><td>${formatCents(o.amountCents)}</td></tr>`,
      )
      .join('');
    return `<!doctype html><meta charset="utf-8"><title>Quote #${quote.id}</title>
<h1>${escapeHtml(d.business.name)}</h1><p>${escapeHtml(d.business.phone)} · ${escapeHtml(d.business.email)}</p>
<h2>Quote #${quote.id} for ${escapeHtml(d.customerName)}</h2><p>${escapeHtml(d.address ?? '')}</p>
<table border="1" cellpadding="4"><tr><th>Service</th><th>Sq ft</th><th>Amount</th></tr>${rows}${addOns}</table>
<p>Price without add-ons: ${formatCents(quote.amountCents)}. Valid until ${escapeHtml(quote.validUntil)}. Sent ${escapeHtml(quote.sentAt)}.</p>`;
  }

  return {
    async build(dispute: Dispute, now: Date): Promise<Buffer> {
      const entries: ZipEntry[] = [];
      const payments: Payment[] = dispute.providerPaymentIntentId
        ? src.ledger.ofPaymentIntent(dispute.providerPaymentIntentId)
        : [];
      const paid = payments.find((p) => p.kind === 'payment');
      const invoice =
        (dispute.invoiceId ?? paid?.invoiceId) != null
          ? invoiceOf.get((dispute.invoiceId ?? paid?.invoiceId)!)
          : undefined;
      let quoteId = dispute.quoteId ?? paid?.quoteId ?? null;
      let jobId = dispute.jobId ?? paid?.jobId ?? invoice?.job_id ?? null;
      if (jobId == null && quoteId != null) jobId = jobOfQuote.get(quoteId)?.id ?? null;
      const job = jobId != null ? jobOf.get(jobId) : undefined;
      quoteId ??= job?.quote_id ?? null;
      const quote = quoteId != null ? src.sentQuotes.byId(quoteId) : undefined;
      const jobVisits = job ? visits.all(job.id) : [];
      const visitIds = JSON.stringify(jobVisits.map((v) => v.id));
      const customerId =
        dispute.customerId ??
        paid?.customerId ??
        job?.customer_id ??
        quote?.customerId ??
        customerOfItems.get({ submission: quote?.submissionId ?? null, visits: visitIds })?.customer_id ??
        null;

      // 1. The signed acceptance and the quote as sent.
      const acceptance = acceptanceText(quote);
      entries.push({ name: 'acceptance.txt', data: acceptance.text });
      if (quote) {
        entries.push({ name: 'quote.html', data: quoteHtml(quote) });
        entries.push({
          name: 'quote.json',
          data: `${JSON.stringify({ id: quote.id, sentAt: quote.sentAt, validUntil: quote.validUntil, amountCents: quote.amountCents, document: quote.document, acceptance: quote.acceptance, acceptedFrom: quote.acceptedFrom }, null, 2)}\n`,
        });
      }
      if (invoice) {
        const lines = invoiceLines
          .all(invoice.id)
          .map(
            (l) =>
              `  ${l.service}${l.description ? ` — ${l.description}` : ''} × ${l.quantity}: ${formatCents(l.amount_cents)}`,
          );
        entries.push({
          name: 'invoice.txt',
          data: [
            `INVOICE ${invoice.number}`,
            `Issued ${invoice.issued_on}, due ${invoice.due_on}, ${invoice.status}`,
            ...lines,
            `Deposit credited: ${formatCents(invoice.deposit_credited_cents)}`,
            `Total: ${formatCents(invoice.total_cents)}`,
            '',
          ].join('\n'),
        });
      }

      // 2. The job's photos: the stripped, re-encoded copies only (a pending one is processed first).
      const photoIds: string[] = [];
      if (quote?.submissionId != null)
        photoIds.push(
          ...(src.photos.forSubmissions([quote.submissionId]).get(quote.submissionId) ?? []).map((p) => p.id),
        );
      const lead = quote?.leadId != null ? leadOf.get(quote.leadId) : undefined;
      if (lead?.channel === 'wizard')
        photoIds.push(
          ...(src.photos.forServiceRequests([lead.source_id]).get(lead.source_id) ?? []).map((p) => p.id),
        );
      let photoCount = 0;
      for (const id of [...new Set(photoIds)]) {
        if (!(await src.processing.ready(id))) continue;
        const file = photoFile(src.config, id);
        if (!fs.existsSync(file)) continue;
        entries.push({
          name: `photos/${String(++photoCount).padStart(2, '0')}.jpg`,
          data: fs.readFileSync(file),
          store: true,
        });
      }

      // 3. The visit timeline.
      const timeline: [string, string][] = [];
      if (job)
        timeline.push([
          job.created_at,
          `Job #${job.id} booked: ${job.title}, ${formatCents(job.price_cents)} (now ${job.status})`,
        ]);
      for (const v of jobVisits) {
        timeline.push([
          v.created_at,
          `Visit #${v.id} (${v.kind}) booked for ${v.scheduled_date}${v.preferred_time ? ` ${v.preferred_time}` : ''}`,
        ]);
        if (v.status !== 'scheduled')
          timeline.push([
            v.updated_at,
            `Visit #${v.id} ${v.status}${v.cancel_reason ? `: ${v.cancel_reason}` : ''}`,
          ]);
      }
      for (const a of answers.all(visitIds))
        timeline.push([
          a.created_at,
          `Visit #${a.appointment_id}: the customer ${a.answer} (${a.channel})${a.detail ? `: ${a.detail}` : ''}`,
        ]);
      if (job)
        for (const e of happenings.all({ job: job.id, visits: visitIds }))
          timeline.push([e.created_at, e.summary]);
      timeline.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      entries.push({
        name: 'visit-timeline.txt',
        data: timeline.length
          ? `VISIT TIMELINE${job ? ` OF JOB #${job.id}` : ''} (${src.timeZone})\n\n${timeline.map(([at, what]) => `${local(at)}  ${what}`).join('\n')}\n`
          : 'No job or visit is linked to this payment.\n',
      });

      // 4. The messages with the customer (texts, Messenger, calls' summaries).
      const items =
        customerId != null
          ? src.timeline(customerId, TIMELINE_ENTRIES, 0).rows.filter((i) => MESSAGE_KINDS.has(i.kind))
          : [];
      const messageLines = items
        .slice()
        .reverse()
        .flatMap((i) => [
          `== ${i.title} — ${local(i.at)}`,
          ...(i.detail ? [i.detail] : []),
          ...i.messages
            .slice()
            .reverse()
            .map((m) => `  [${local(m.at)}] ${m.sender}: ${m.text}`),
          '',
        ]);
      entries.push({
        name: 'messages.txt',
        data: messageLines.length
          ? `MESSAGES WITH THE CUSTOMER\n\n${messageLines.join('\n')}`
          : 'No texts, Messenger messages or calls with this customer are on record.\n',
      });

      // 5. The money, and the summary a reader starts from.
      const money = payments.map(
        (p) =>
          `${local(p.occurredAt)}  ${p.kind.padEnd(16)} ${p.status.padEnd(9)} ${PAYMENT_METHOD_LABELS[p.method].padEnd(12)} ${formatCents(p.amountCents)}`,
      );
      const facts: [string, string][] = [
        ['Business', src.config.business.name],
        [
          'Dispute',
          `${dispute.providerDisputeId} (${DISPUTE_STATUS_LABELS[dispute.status] ?? dispute.status})`,
        ],
        ['Reason given', dispute.reason ?? 'not given'],
        ['Amount disputed', formatCents(dispute.amountCents)],
        ['Evidence due by', local(dispute.evidenceDueBy)],
        ['Customer', dispute.customerName ?? job?.customer_name ?? quote?.document.customerName ?? 'unknown'],
        ['Service address', job?.address ?? quote?.document.address ?? 'unknown'],
        [
          'Payment',
          paid
            ? `${formatCents(paid.amountCents)} by ${PAYMENT_METHOD_LABELS[paid.method].toLowerCase()} on ${local(paid.occurredAt)} (${paid.providerPaymentIntentId ?? ''})`
            : 'not in the ledger',
        ],
        [
          'Signed acceptance',
          quote?.acceptance
            ? `${quote.acceptance.name}, ${local(quote.acceptance.at)}${acceptance.matches === true ? ', what was shown matches the quote as stored (SHA-256)' : acceptance.matches === false ? ', SHA-256 does NOT match the quote as stored' : ''}`
            : 'none',
        ],
        [
          'Visits',
          jobVisits.length ? jobVisits.map((v) => `${v.scheduled_date} ${v.status}`).join('; ') : 'none',
        ],
        ['Photos', photoCount ? `${photoCount} (photos/, location data removed)` : 'none'],
        ['Packet made', local(now.toISOString())],
      ];
      const files = [
        'acceptance.txt',
        ...(quote ? ['quote.html', 'quote.json'] : []),
        ...(invoice ? ['invoice.txt'] : []),
        'visit-timeline.txt',
        'messages.txt',
        'payments.txt',
      ];
      entries.push({
        name: 'payments.txt',
        data: money.length
          ? `THE PAYMENT AND WHAT FOLLOWED IT\n\n${money.join('\n')}\n`
          : 'No ledger rows for this payment.\n',
      });
      entries.unshift(
        {
          name: 'summary.txt',
          data: `EVIDENCE FOR DISPUTE ${dispute.providerDisputeId}\n\n${facts.map(([k, v]) => `${`${k}:`.padEnd(20)} ${v}`).join('\n')}\n\nIn this packet: ${files.join(', ')}${photoCount ? ', photos/' : ''}\n`,
        },
        {
          name: 'summary.html',
          data: `<!doctype html><meta charset="utf-8"><title>Dispute ${escapeHtml(dispute.providerDisputeId)}</title><h1>Evidence for dispute ${escapeHtml(dispute.providerDisputeId)}</h1><dl>${facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl><ul>${files.map((f) => `<li><a href="${f}">${f}</a></li>`).join('')}</ul>`,
        },
      );
      return zip(entries, now);
    },
  };
}
export type EvidencePackets = ReturnType<typeof evidencePackets>;
