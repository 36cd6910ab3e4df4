import {
  DEPOSIT_OVERRIDE_MESSAGES,
  lineAmountCents,
  QUOTE_DRAFT_MESSAGES,
  quoteDraftSchema,
  serviceNameInEnglish,
  type Job,
  type JobLineItem,
  type PublicProfile,
  type SentQuote,
} from '@washdesk/contract';
import { z } from 'zod';
import type { CustomerRepository } from '../customers/customer.repository.ts';
import { HttpError, notFound, parseWith, validationError } from '../http/errors.ts';
import type { JobRepository } from '../jobs/job.repository.ts';
import type { LeadRepository } from '../leads/lead.repository.ts';
import { addDays, localDate, startOfLocalDay } from '../time.ts';
import type { QuoteSendingService } from './quote-sending.service.ts';
import type { QuoteDocument, SentQuoteRepository, StoredQuote } from './sent-quote.repository.ts';

export interface LeadQuotesDeps {
  sending: QuoteSendingService;
  quotes: Pick<SentQuoteRepository, 'byId' | 'ofLead' | 'ofCustomer'>;
  leads: Pick<LeadRepository, 'get'>;
  customers: Pick<CustomerRepository, 'get'>;
  jobs: Pick<JobRepository, 'create' | 'get' | 'ofQuote'>;
  profile: () => PublicProfile;
  timeZone: string;
}

/** Who the quote goes to, as the lead or the customer's record gave them. */
interface Recipient {
  submissionId: number | null;
  leadId: number | null;
  customerId: number | null;
  name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
}

/** A job takes this long unless staff say otherwise on the board. */
const DEFAULT_JOB_MINUTES = 120;
export const bookJobSchema = z.strictObject({
  durationMinutes: z.number().int().min(15).max(720).optional(),
});

/**
 * Quotes written line by line for any lead or a customer's record (issue 33, item 2), and "Book
 * the job" once accepted. Every amount is recomputed here from the lines; sending goes the one way
 * a submission's quote goes (quote-sending.service.ts: e-mail, and texts through the gated sender).
 */
export function leadQuotesService(deps: LeadQuotesDeps) {
  const { sending, quotes } = deps;
  const today = () => localDate(new Date(sending.now()), deps.timeZone);

  const recipientOfLead = (leadId: number): Recipient => {
    const lead = deps.leads.get(leadId);
    if (!lead) throw notFound('Lead');
    const fromSubmission = lead.channel === 'photo-form' || lead.channel === 'quote-tool';
    return {
      submissionId: fromSubmission ? lead.sourceId : null,
      leadId: lead.id,
      customerId: lead.customerId,
      name: lead.name,
      phone: lead.phone,
      email: lead.email,
      address: lead.address,
    };
  };
  const recipientOfCustomer = (customerId: number): Recipient => {
    const customer = deps.customers.get(customerId);
    if (!customer || 'mergedInto' in customer) throw notFound('Customer');
    return { submissionId: null, leadId: null, customerId, ...customer };
  };

  async function send(to: Recipient, input: unknown, staffUserId: number): Promise<SentQuote> {
    const draft = parseWith(quoteDraftSchema, input);
    if (draft.validUntil < today()) throw validationError({ validUntil: QUOTE_DRAFT_MESSAGES.validUntil });
    const profile = deps.profile();
    const lines = draft.lines.map((l) => ({
      service: l.service,
      squareFeet: l.areaSqFt,
      unitPriceCents: l.unitPriceCents,
      amountCents: lineAmountCents(l),
    }));
    const document: QuoteDocument = {
      business: {
        name: profile.businessName,
        phone: profile.phone,
        email: profile.email,
        serviceArea: profile.serviceArea,
      },
      customerName: to.name ?? 'Customer',
      address: to.address,
      lines,
      addOns: draft.addOns.map((a, i) => ({ id: i + 1, service: a.service, amountCents: a.amountCents })),
    };
    const amountCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
    // Add-ons only add to it: a deposit within the lines' sum is within any accepted total.
    const depositOverrideCents = draft.depositOverrideCents ?? null;
    if (depositOverrideCents !== null && depositOverrideCents > amountCents)
      throw validationError({ depositOverrideCents: DEPOSIT_OVERRIDE_MESSAGES.overTotal });
    // The last instant of the chosen day in the business's time zone: the page expires after it.
    const validUntil = new Date(Date.parse(startOfLocalDay(addDays(draft.validUntil, 1), deps.timeZone)) - 1);
    return sending.sendDrafted({
      submissionId: to.submissionId,
      leadId: to.leadId,
      customerId: to.customerId,
      customerPhone: to.phone,
      customerEmail: to.email,
      token: sending.newToken(),
      amountCents,
      depositOverrideCents,
      document,
      sentBy: staffUserId,
      sentAt: sending.now(),
      validUntil: validUntil.toISOString(),
      lastDay: draft.validUntil,
    });
  }

  /**
   * The quote's service names as staff read them: a Spanish customer's quote names our services in
   * Spanish (quote-document.ts), its job and invoice in our English (service-names.ts); the invoice
   * says them in the customer's language again where the customer reads it.
   */
  const staffNamesOf = (q: StoredQuote) => q.document.lines.map((l) => serviceNameInEnglish(l.service));
  /** What the job is made of: the priced lines, else the quoted price as one line; then the ticked add-ons. */
  const jobLinesOf = (q: StoredQuote, addOnIds: number[]): JobLineItem[] => {
    const priced = q.document.lines.every((l) => l.amountCents !== null);
    const names = staffNamesOf(q);
    const lines: JobLineItem[] = priced
      ? q.document.lines.map((l, i) => ({
          service: names[i]!,
          areaSqFt: l.squareFeet === null ? null : Math.round(l.squareFeet),
          unitPriceCents: l.unitPriceCents,
          amountCents: l.amountCents!,
        }))
      : [
          {
            service: names.join(', '),
            areaSqFt: null,
            unitPriceCents: null,
            amountCents: q.amountCents,
          },
        ];
    const chosen = new Set(addOnIds);
    for (const a of q.document.addOns)
      if (chosen.has(a.id))
        lines.push({ service: a.service, areaSqFt: null, unitPriceCents: null, amountCents: a.amountCents });
    return lines;
  };

  return {
    forLead: (leadId: number) => {
      const to = recipientOfLead(leadId);
      const at = sending.now();
      return quotes.ofLead(leadId, to.submissionId).map((q) => sending.staffView(q, at));
    },
    forCustomer: (customerId: number) => {
      recipientOfCustomer(customerId);
      const at = sending.now();
      return quotes.ofCustomer(customerId).map((q) => sending.staffView(q, at));
    },
    sendForLead: (leadId: number, input: unknown, staffUserId: number) =>
      send(recipientOfLead(leadId), input, staffUserId),
    sendForCustomer: (customerId: number, input: unknown, staffUserId: number) =>
      send(recipientOfCustomer(customerId), input, staffUserId),

    /**
     * "Book the job": the accepted quote's lines and ticked add-ons, at the accepted price, become
     * one unscheduled job (the board's tray). Pressing it again answers the same job (one job per
     * quote, kept by a unique index too).
     */
    book(
      quoteId: number,
      durationMinutes = DEFAULT_JOB_MINUTES,
    ): { job: Job; quote: SentQuote; created: boolean } {
      const q = quotes.byId(quoteId);
      if (!q) throw notFound('Quote');
      const existing = deps.jobs.ofQuote(quoteId);
      if (existing) return { job: existing, quote: sending.staffView(q, sending.now()), created: false };
      if (!q.acceptance)
        throw new HttpError(409, 'quote_not_accepted', 'Only an accepted quote can be booked as a job');
      const lineItems = jobLinesOf(q, q.acceptance.addOnIds);
      const sum = lineItems.reduce((s, l) => s + l.amountCents, 0);
      // The job's price is its lines' sum; it must be what the customer accepted, to the cent.
      if (sum !== q.acceptance.totalCents)
        throw new HttpError(
          409,
          'quote_total_mismatch',
          'The accepted total does not match the quote: not booked',
        );
      const contact = sending.contactOf(q);
      const job = deps.jobs.create({
        customerId: q.customerId,
        customerName: q.document.customerName,
        customerPhone: contact.phone ?? '',
        customerEmail: contact.email,
        address: q.document.address ?? '',
        title: staffNamesOf(q).join(', '),
        durationMinutes,
        quoteId,
        lineItems,
      });
      return { job, quote: sending.staffView(quotes.byId(quoteId)!, sending.now()), created: true };
    },
  };
}
export type LeadQuotesService = ReturnType<typeof leadQuotesService>;
