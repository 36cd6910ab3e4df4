import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_TEXTS,
  CUSTOMER_KEY_TAKEN,
  dialledDigitsOf,
  ERROR_CODES,
  type CustomerContact,
  phoneNumberOf,
} from '@washdesk/contract';
import type { CustomerRepository } from '../customers/customer.repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import { HttpError, notFound, validationError } from '../http/errors.ts';
import { tooManyRequests } from '../http/rate-limit.ts';
import type { TextRepository } from '../texts/text.repository.ts';
import { localDate, type Clock } from '../time.ts';
import type { AccountContents } from './account-contents.ts';
import { contactOf, type AccountLinkSender, type LinkChannel } from './account-links.ts';
import type { AccountRepository } from './account.repository.ts';

// The decisions of the customer's own page: who a link is for, what a session opens, and the
// changes a signed-in customer may make (a message, their contact details, a visit's own page).

const HOUR_SECONDS = 3600;

export function accountService(deps: {
  repo: AccountRepository;
  contents: AccountContents;
  sender: AccountLinkSender;
  /** A message from the page lands on the customer's text thread, as a text to the business does. */
  texts: Pick<TextRepository, 'receive'>;
  events: Pick<EventBus, 'publish'>;
  customers: Pick<CustomerRepository, 'update'>;
  /** The visit page's and the plan visit page's own keys (their owners make them). */
  visitLinks: { mint(appointmentId: number, at: string): string };
  planVisitLinks: { mint(jobId: number, at: string): string };
  business: { name: string; phone: string };
  /** Stripe is configured (the page offers Pay; else it says to pay at the visit). */
  payOnline: boolean;
  timeZone: string;
  clock?: Clock;
  report: (error: unknown) => void;
}) {
  const { repo, contents, sender } = deps;
  const clock = deps.clock ?? Date.now;
  const pending = new Set<Promise<unknown>>();
  const later = (work: () => Promise<unknown>) => {
    // After the answer, on its own turn: the answer takes as long for a known contact as for an
    // unknown one, so its timing says nothing of who is on file.
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch(deps.report)
      .finally(() => pending.delete(job));
    pending.add(job);
  };

  return {
    requestLink(typed: string, address: string) {
      const contact = contactOf(typed);
      if (!contact) throw validationError({ contact: ACCOUNT_TEXTS.contactInvalid });
      if (!repo.allowRequest(contact.key, address, clock()))
        throw tooManyRequests(
          HOUR_SECONDS,
          'Too many sign-in links were asked for. Please try again in an hour, or call us.',
        );
      later(async () => {
        const customerId = contents.customerOfKey(contact.key);
        if (customerId === null) return;
        // Sent to the number or address the customer typed, which is on their record.
        await sender.send({
          customerId,
          channel: contact.channel,
          to: contact.to,
          requestedBy: 'customer',
          now: clock(),
        });
      });
    },

    linkState: (token: string) => repo.linkState(token, clock()),

    /** The new session's key, or null for a spent, late or unknown link. */
    spend(token: string): string | null {
      const outcome = repo.spend(token, clock());
      return outcome.spent ? outcome.sessionToken : null;
    },

    customerOfSession: (token: string | undefined) => repo.customerOfSession(token, clock()),
    signOut: (token: string | undefined) => repo.signOut(token, clock()),

    account: (customerId: number) =>
      contents.of(customerId, localDate(new Date(clock()), deps.timeZone), deps.business, deps.payOnline),

    /** The key of one of the person's own invoices, to pay it; a 404 for any other number. */
    invoiceTokenOf(customerId: number, invoiceNumber: number): string {
      const token = contents.invoiceTokenOf(customerId, invoiceNumber);
      if (token === null) throw new HttpError(404, ERROR_CODES.notFound, ACCOUNT_TEXTS.notYours);
      return token;
    },

    /** The key of one of the person's own quotes, to pay its deposit; a 404 for any other id. */
    quoteTokenOf(customerId: number, quoteId: number): string {
      const token = contents.quoteTokenOf(customerId, quoteId);
      if (token === null) throw new HttpError(404, ERROR_CODES.notFound, ACCOUNT_TEXTS.notYours);
      return token;
    },

    message(customerId: number, message: string) {
      const phone = phoneNumberOf(contents.contactOf(customerId)?.phone ?? null);
      if (!phone) throw new HttpError(409, ERROR_CODES.conflict, ACCOUNT_TEXTS.messageNeedsPhone);
      // The office's inbox is the texts' thread of the customer's number (its lead and timeline
      // follow from the thread, as for a text); the assistant does not answer it: staff do.
      const stored = deps.texts.receive({
        from: phone,
        body: message,
        messageSid: `account-${randomUUID()}`,
        mediaCount: 0,
        at: new Date(clock()).toISOString(),
      });
      deps.events.publish({
        type: 'text.received',
        entityId: stored.threadId,
        summary: 'New message from a customer\u2019s account page',
      });
    },

    /** A fresh key to the visit's (or plan job's) own page, for the person it belongs to only. */
    open(customerId: number, kind: 'visit' | 'plan-visit', id: number): string {
      if (!contents.owns(customerId, kind, id))
        throw new HttpError(404, ERROR_CODES.notFound, ACCOUNT_TEXTS.notYours);
      const at = new Date(clock()).toISOString();
      return kind === 'visit'
        ? `/visit/${deps.visitLinks.mint(id, at)}`
        : `/plan-visit/${deps.planVisitLinks.mint(id, at)}`;
    },

    /** New contact details, only with the last 4 digits of the phone on file. */
    changeContact(customerId: number, change: CustomerContact & { phoneLastFour: string }) {
      const onFile = contents.contactOf(customerId)?.phone ?? null;
      const digits = onFile ? dialledDigitsOf(onFile) : '';
      if (digits.length < 4 || digits.slice(-4) !== change.phoneLastFour)
        throw validationError({ phoneLastFour: ACCOUNT_TEXTS.lastFourWrong });
      const { phoneLastFour: _checked, ...contact } = change;
      // A blank new number keeps the one on file: the page asks only for a new one.
      const outcome = deps.customers.update(customerId, { ...contact, phone: contact.phone ?? onFile });
      if (outcome.outcome === 'key-taken') throw new HttpError(409, ERROR_CODES.conflict, CUSTOMER_KEY_TAKEN);
      if (outcome.outcome !== 'changed') throw notFound('Customer');
    },

    // Staff, from the customer's record.
    async sendLinkForStaff(customerId: number, channel: LinkChannel) {
      const who = contents.contactOf(customerId);
      if (!who) throw notFound('Customer');
      return sender.send({
        customerId,
        channel,
        to: channel === 'text' ? who.phone : who.email,
        requestedBy: 'staff',
        now: clock(),
      });
    },
    revokeSessions: (customerId: number) => repo.revokeAll(customerId, clock()),
    liveSessions: (customerId: number) => repo.liveSessions(customerId, clock()),

    /** Resolves once the links sent after their answers are out (tests and shutdown wait). */
    settled: () => Promise.all([...pending]).then(() => undefined),
  };
}
export type AccountService = ReturnType<typeof accountService>;
