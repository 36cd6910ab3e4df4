import { randomBytes } from 'node:crypto';
import {
  centsOf,
  formatCents,
  quoteTotalCents,
  QUOTE_REFUSALS,
  QUOTE_TERMS_IN,
  QUOTE_TOKEN_BYTES,
  QUOTE_TOKEN_PATTERN,
  QUOTE_VALIDITY_DAYS,
  quotePagePath,
  type PublicProfile,
  type AcceptQuote,
  type PublicQuote,
  type QuoteDeliveryChannel,
  type Language,
  type SentQuote,
  type PublicDeposit,
  withAccountLine,
} from '@washdesk/contract';
import type { EventBus } from '../events/event-bus.ts';
import { quoteAccepted, quoteOpened, quoteQuestionAsked } from '../events/announcements.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { SubmissionRepository } from '../submissions/submission.repository.ts';
import type { Clock } from '../time.ts';
import { shownSha256 } from './accepted-evidence.ts';
import type { QuoteDelivery } from './quote-delivery.ts';
import { answerEmail, answerText, quoteDocumentOf, quoteEmail, quoteText } from './quote-document.ts';
import { stateOf, termsOf, type SentQuoteRepository, type StoredQuote } from './sent-quote.repository.ts';

export interface QuoteSendingDeps {
  submissions: SubmissionRepository;
  quotes: SentQuoteRepository;
  delivery: QuoteDelivery;
  profile: () => PublicProfile;
  /** Where customers reach this server (an ngrok tunnel may change it while it runs). */
  publicUrl: () => string;
  events: EventBus;
  clock?: Clock;
  /** The customer's language (the customer records'): the quote's e-mail and text are written in it. */
  languageOf?: (contact: { phone: string | null; email: string | null }) => Language;
  /** Told of each quote once it is stored and sent (the follow-ups it earns are planned there). */
  afterSend?: (quote: { id: number; submissionId: number; sentAt: string; link: string }) => void;
  /** What a quote asks up front (deposits/): fixed at acceptance, shown on the customer's page. */
  deposits: QuoteDeposits;
}

/** The deposits' side of a quote, named here so quote sending never imports the deposits feature. */
export interface QuoteDeposits {
  /** The deposit this quote asks of a total at this moment (its own amount, else Settings' rule). */
  askedOf(q: StoredQuote, totalCents: number): number;
  /** The customer page's view of the deposit: asked, paid, pending, due, and whether Pay is offered. */
  publicView(q: StoredQuote): PublicDeposit;
}

/** A token the link could never have had, an unknown one and a tampered one all get this same 404. */
const quoteNotFound = () => notFound('Quote');

export function quoteSendingService(deps: QuoteSendingDeps) {
  const { submissions, quotes, delivery, events } = deps;
  const now = () => new Date((deps.clock ?? Date.now)()).toISOString();
  const linkOf = (token: string) => `${deps.publicUrl()}${quotePagePath(token)}`;
  /** Every quote message ends with the customer's own page (issue 36; why /account: account-line.ts). */
  const withAccount = (text: string, language: Language) => withAccountLine(text, deps.publicUrl(), language);
  const mailWithAccount = (mail: { subject: string; text: string }, language: Language) => ({
    ...mail,
    text: withAccount(mail.text, language),
  });
  const languageOf = (phone: string | null, email: string | null) => deps.languageOf?.({ phone, email }) ?? 'en';
  const announced = (q: StoredQuote, totalCents = q.amountCents) => ({
    submissionId: q.submissionId,
    customerName: q.document.customerName,
    amount: formatCents(totalCents),
  });

  const staffView = (q: StoredQuote, at: string): SentQuote => ({
    id: q.id,
    submissionId: q.submissionId,
    leadId: q.leadId,
    customerId: q.customerId,
    link: linkOf(q.token),
    customerName: q.document.customerName,
    lines: q.document.lines,
    addOns: q.document.addOns,
    amountCents: q.amountCents,
    state: stateOf(q, at),
    sentAt: q.sentAt,
    sentBy: q.sentBy,
    validUntil: q.validUntil,
    openedAt: q.openedAt,
    acceptedAt: q.acceptedAt,
    acceptance: q.acceptance,
    jobId: q.jobId,
    depositOverrideCents: q.depositOverrideCents,
    depositCents: q.depositCents,
    deliveries: quotes.deliveries(q.id),
    questions: quotes.questions(q.id),
  });

  const customerView = (q: StoredQuote, at: string, byStaff = false): PublicQuote => ({
    ...q.document,
    amountCents: q.amountCents,
    // A submission's quote is valid for QUOTE_VALIDITY_DAYS; a drafted one to the day staff chose.
    validityDays: Math.ceil((Date.parse(q.validUntil) - Date.parse(q.sentAt)) / 86_400_000),
    terms: termsOf(q.document),
    sentAt: q.sentAt,
    validUntil: q.validUntil,
    state: stateOf(q, at),
    acceptedAt: q.acceptedAt,
    acceptance: q.acceptance,
    // The customer's own words only: who answered them stays with staff.
    questions: quotes.questions(q.id).map(({ question, askedAt }) => ({ question, askedAt })),
    staffPreview: byStaff,
    deposit: deps.deposits.publicView(q),
  });
  // A staff member previewing the link must not accept or ask in the customer's name.
  const refuseStaff = (byStaff: boolean) => {
    if (byStaff) throw new HttpError(403, 'quote_staff_preview', QUOTE_REFUSALS.staff);
  };

  const newToken = () => randomBytes(QUOTE_TOKEN_BYTES).toString('base64url');
  const copied = (quote: StoredQuote): SentQuote => {
    quotes.recordDelivery({
      quoteId: quote.id,
      channel: 'link',
      outcome: 'copied',
      recipient: null,
      problem: null,
      at: now(),
    });
    return staffView(quote, now());
  };

  const byToken = (token: string) => {
    const quote = QUOTE_TOKEN_PATTERN.test(token) ? quotes.byToken(token) : undefined;
    if (!quote) throw quoteNotFound();
    return quote;
  };

  return {
    staffView,
    linkOf,
    leadStage: (submissionId: number) => quotes.leadStageOf(submissionId),
    configured: (): Record<QuoteDeliveryChannel, boolean> => delivery.configured,

    /**
     * "Send quote": the quote is stored first (the submission quoted, its lead "quoted"), then
     * e-mailed and texted where configured; each outcome is recorded, and a failure leaves the
     * quote and its link as they are.
     */
    async send(submissionId: number, amount: number, staffUserId: number): Promise<SentQuote> {
      const submission = submissions.get(submissionId);
      if (!submission) throw notFound('Photo submission');
      const sentAt = now();
      const validUntil = new Date(Date.parse(sentAt) + QUOTE_VALIDITY_DAYS * 86_400_000).toISOString();
      const amountCents = centsOf(amount);
      // The customer's language before the document is made: its service names and terms are frozen in it.
      const language = languageOf(submission.phone, submission.email);
      const quote = quotes.create(
        {
          submissionId,
          leadId: null,
          customerId: null,
          token: newToken(),
          amountCents,
          document: quoteDocumentOf(submission, deps.profile(), language),
          sentBy: staffUserId,
          sentAt,
          validUntil,
        },
        submissions,
      );
      const link = linkOf(quote.token);
      const results = await Promise.all([
        delivery.email(
          submission.email,
          mailWithAccount(
            quoteEmail(quote.document, amountCents, link, validUntil, true, language),
            language,
          ),
        ),
        delivery.sms(
          submission.phone,
          withAccount(quoteText(quote.document, amountCents, link, language), language),
        ),
      ]);
      for (const result of results) quotes.recordDelivery({ quoteId: quote.id, ...result, at: now() });
      deps.afterSend?.({ id: quote.id, submissionId, sentAt, link });
      return staffView(quote, now());
    },

    /**
     * Staff copied the quote's link to pass on themselves: a way the quote reaches the customer,
     * recorded so the card stops saying it was not sent.
     */
    linkCopied(submissionId: number, quoteId: number): SentQuote {
      const quote = quotes.ofSubmission(submissionId).find((q) => q.id === quoteId);
      if (!quote) throw notFound('Quote');
      return copied(quote);
    },
    /** The same for a quote of any lead or customer, by its id. */
    linkCopiedById(quoteId: number): SentQuote {
      const quote = quotes.byId(quoteId);
      if (!quote) throw notFound('Quote');
      return copied(quote);
    },

    /**
     * A quote written line by line (any lead, a customer's record): stored first, then e-mailed
     * and texted through the same delivery as a submission's; each outcome recorded.
     */
    async sendDrafted(
      q: Parameters<SentQuoteRepository['create']>[0] & {
        customerPhone: string | null;
        customerEmail: string | null;
        /** The last day as staff picked it, `YYYY-MM-DD`, for the e-mail's words. */
        lastDay: string;
      },
    ): Promise<SentQuote> {
      const language = languageOf(q.customerPhone, q.customerEmail);
      // Staff typed the lines and extras (they stay as typed); the standard terms are ours to say in Spanish.
      const document = language === 'en' ? q.document : { ...q.document, terms: QUOTE_TERMS_IN[language] };
      const quote = quotes.create({ ...q, document }, q.submissionId !== null ? submissions : null);
      const link = linkOf(quote.token);
      const results = await Promise.all([
        delivery.email(
          q.customerEmail,
          mailWithAccount(
            quoteEmail(quote.document, q.amountCents, link, q.lastDay, false, language),
            language,
          ),
        ),
        delivery.sms(
          q.customerPhone,
          withAccount(quoteText(quote.document, q.amountCents, link, language), language),
        ),
      ]);
      for (const result of results) quotes.recordDelivery({ quoteId: quote.id, ...result, at: now() });
      return staffView(quotes.byId(quote.id)!, now());
    },
    newToken: () => newToken(),
    /** Where the quote went: its own phone and e-mail, or (a submission's quote) the submission's. */
    contactOf(q: StoredQuote): { phone: string | null; email: string | null } {
      if (q.submissionId === null) return { phone: q.customerPhone, email: q.customerEmail };
      const submission = submissions.get(q.submissionId);
      return {
        phone: q.customerPhone ?? submission?.phone ?? null,
        email: q.customerEmail ?? submission?.email ?? null,
      };
    },
    now,

    /**
     * Staff answer a customer's question. `send`: e-mailed and texted where configured, recorded
     * only when at least one way reached the customer (otherwise 502 with each reason, nothing
     * written); `phoned`: staff answered by phone or pasted it themselves, recorded as such.
     */
    async answer(
      submissionId: number,
      questionId: number,
      reply: { answer: string; how: 'send' | 'phoned' },
      staffUserId: number,
    ): Promise<SentQuote> {
      const question = quotes.question(questionId);
      const quote = question && quotes.ofSubmission(submissionId).find((q) => q.id === question.quoteId);
      if (!question || !quote) throw notFound('Question');
      if (question.answeredAt)
        throw new HttpError(409, 'question_answered', 'This question has been answered already');
      const submission = submissions.get(submissionId)!;
      let deliveries: Awaited<ReturnType<QuoteDelivery['email']>>[] = [];
      if (reply.how === 'send') {
        if (!delivery.configured.email && !delivery.configured.text)
          throw new HttpError(
            409,
            'answer_not_configured',
            'E-mail and text messages are not configured on this server: call the customer or copy the answer, then record it as answered by phone.',
          );
        const asked = quotes.questions(quote.id).find((q) => q.id === questionId)!.question;
        const link = linkOf(quote.token);
        const language = languageOf(submission.phone, submission.email);
        deliveries = await Promise.all([
          delivery.email(
            submission.email,
            mailWithAccount(answerEmail(quote.document, asked, reply.answer, link, language), language),
          ),
          delivery.sms(
            submission.phone,
            withAccount(answerText(quote.document, reply.answer, link, language), language),
          ),
        ]);
        if (!deliveries.some((d) => d.outcome === 'sent'))
          throw new HttpError(
            502,
            'answer_not_sent',
            `The answer did not reach the customer: ${deliveries.map((d) => d.problem).join('; ')}. Call them or copy the answer, then record it as answered by phone.`,
          );
      }
      const at = now();
      const recorded = quotes.answer({
        id: questionId,
        answer: reply.answer,
        at,
        userId: staffUserId,
        deliveries: deliveries.map((d) => ({ ...d, at })),
      });
      if (!recorded) throw new HttpError(409, 'question_answered', 'This question has been answered already');
      return staffView(quote, at);
    },

    /** Every quote sent for a submission, newest first; undefined for an unknown submission. */
    ofSubmission(submissionId: number): SentQuote[] | undefined {
      if (!submissions.get(submissionId)) return undefined;
      const at = now();
      return quotes.ofSubmission(submissionId).map((q) => staffView(q, at));
    },

    /** The customer's page. Their first visit is recorded (a signed-in staff member's is not). */
    open(token: string, byStaff: boolean): PublicQuote {
      const quote = byToken(token);
      const at = now();
      if (!byStaff && quotes.recordOpened(quote.id, at)) {
        events.publish(quoteOpened(announced(quote)));
      }
      return customerView(quotes.byToken(token)!, at, byStaff);
    },

    /**
     * "Accept quote": the customer's typed name and tick, with the add-ons they ticked. The total
     * is recomputed here from the stored quote (no total is ever read from the request), and kept
     * with the time, the address, the browser and the hash of what the page showed. Once:
     * accepting again answers the same acceptance, with no new event and nothing overwritten.
     */
    /** Refuses a link that is not a quote's (404) and a staff member's preview (403). */
    customerOnly(token: string, byStaff: boolean) {
      byToken(token);
      refuseStaff(byStaff);
    },
    accept(
      token: string,
      body: Pick<AcceptQuote, 'fullName' | 'addOnIds'>,
      from: { ip: string | null; userAgent: string | null },
      byStaff: boolean,
    ): PublicQuote {
      const quote = byToken(token);
      refuseStaff(byStaff);
      const at = now();
      const state = stateOf(quote, at);
      if (state === 'superseded') throw new HttpError(410, 'quote_superseded', QUOTE_REFUSALS.superseded);
      if (state === 'expired') throw new HttpError(410, 'quote_expired', QUOTE_REFUSALS.expired);
      if (state === 'accepted') return customerView(quote, at);
      const addOnIds = [...new Set(body.addOnIds ?? [])];
      const known = new Set(quote.document.addOns.map((a) => a.id));
      if (addOnIds.some((id) => !known.has(id)))
        throw new HttpError(422, 'unknown_add_on', QUOTE_REFUSALS.unknownAddOn, {
          addOnIds: QUOTE_REFUSALS.unknownAddOn,
        });
      const name = body.fullName.trim();
      const totalCents = quoteTotalCents(quote.amountCents, quote.document.addOns, addOnIds);
      const evidence = {
        at,
        name,
        ip: from.ip,
        userAgent: from.userAgent?.slice(0, 500) ?? null,
        addOnIds,
        totalCents,
        shownSha256: shownSha256(quote, { name, addOnIds, totalCents }),
        // The rule at this moment, on the accepted total: a later change of Settings asks no more.
        depositCents: deps.deposits.askedOf(quote, totalCents),
      };
      if (quotes.accept(quote, evidence)) events.publish(quoteAccepted(announced(quote, totalCents)));
      return customerView(quotes.byToken(token)!, at);
    },

    /** "Ask a question": kept with the quote and announced to staff, whatever the quote's state. */
    ask(token: string, question: string, byStaff: boolean): PublicQuote {
      const quote = byToken(token);
      refuseStaff(byStaff);
      const at = now();
      quotes.addQuestion(quote.id, question, at);
      events.publish(quoteQuestionAsked(announced(quote)));
      return customerView(quote, at);
    },
  };
}
export type QuoteSendingService = ReturnType<typeof quoteSendingService>;
