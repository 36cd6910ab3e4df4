import type { QueryKey } from '@tanstack/react-query';
import type { LiveEventType } from '@washdesk/contract';
import { aiResponseQueries } from '../ai-responses/ai-responses.queries.ts';
import { appointmentQueries } from '../appointments/appointments.queries.ts';
import { callQueries } from '../calls/calls.queries.ts';
import { customerQueries } from '../customers/customers.queries.ts';
import { statsQueries } from '../dashboard/stats.queries.ts';
import { messengerQueries } from '../messenger/messenger.queries.ts';
import { reportQueries } from '../reports/report.queries.ts';
import { leadQueries } from '../leads/leads.queries.ts';
import { submissionQueries } from '../submissions/submission.queries.ts';
import { backupQueries } from '../settings/settings.queries.ts';
import { textQueries } from '../texts/texts.queries.ts';
import { crewQueries, scheduleQueries } from '../schedule/schedule.queries.ts';
import { paymentQueries } from '../payments/payments.queries.ts';
import { NEW_FOR_ME_KEY } from './new-for-me.ts';

// The roots of the query-key factories, taken from the factories themselves: renaming a key there
// renames it here, so a live event can never go on refreshing a key no screen reads any more.
const customers = customerQueries.all;
const leads = leadQueries.all;
const calls = callQueries.all;
const aiResponses = aiResponseQueries.all;
const appointments = appointmentQueries.all;
const submissions = submissionQueries.all;
const messenger = messengerQueries.all;
const stats = statsQueries.all;
const reports = reportQueries.all;
const newForMe = NEW_FOR_ME_KEY;
const backups = backupQueries.all;
const texts = textQueries.all;
const schedule = scheduleQueries.all;
const crews = crewQueries.all;
const payments = paymentQueries.all;

/** Every root a live event may make stale (the test checks each is used and each is a factory's). */
export const LIVE_QUERY_ROOTS: readonly QueryKey[] = [
  customers,
  leads,
  calls,
  aiResponses,
  appointments,
  submissions,
  messenger,
  stats,
  reports,
  newForMe,
  backups,
  texts,
  schedule,
  crews,
  payments,
];

/**
 * Which cached lists and figures each kind of event makes stale. Refetching is left to
 * react-query, so only what is on screen reloads. Anything that adds to a customer's timeline
 * makes the customers stale. A new event kind does not compile until it has its row here.
 */
const STALE_AFTER: Record<LiveEventType, readonly QueryKey[]> = {
  'call.created': [customers, calls, stats, reports],
  'call.missed': [customers, leads, calls, stats, reports, newForMe],
  'call.callback-requested': [customers, leads, calls, aiResponses, newForMe],
  // A call's end brings its summary and the answers of its turns; a booking may have been made.
  'call.updated': [customers, calls, aiResponses, appointments, stats, reports],
  'message.updated': [messenger, aiResponses],
  'message.received': [customers, leads, messenger, aiResponses, newForMe],
  'submission.created': [customers, leads, submissions, stats, reports, newForMe],
  // Wizard requests are shown in the requests inbox (the leads' key).
  'service-request.created': [customers, leads, stats, reports, newForMe],
  // The inbox shows a lead's booked estimate visit ("Book estimate"), its date and its status.
  'appointment.created': [customers, appointments, calls, leads, stats, reports, schedule],
  'appointment.updated': [customers, appointments, calls, leads, stats, reports, schedule],
  'appointment.customer-changed': [customers, appointments, calls, leads, stats, reports, newForMe, schedule],
  'appointment.customer-changed-soon': [
    customers,
    appointments,
    calls,
    leads,
    stats,
    reports,
    newForMe,
    schedule,
  ],
  // A submission's quotes live under its key, a lead's or a customer's quotes under theirs
  // (quote-sending/lead-quotes.queries.ts); acceptance moves the lead to won.
  'quote.opened': [submissions, leads, customers],
  'quote.accepted': [customers, submissions, leads, stats, reports],
  'quote.question-asked': [submissions, leads, customers],
  'backup.failed': [backups],
  'backup.recovered': [backups],
  'backup.shrunk': [backups],
  // Texts on the business number: the Texts screen and the customer's timeline.
  // A customer's first text on a thread files a lead in Requests (migration 0037).
  'text.received': [customers, leads, texts, newForMe],
  'text.updated': [customers, texts],
  // The board: a job's step, a tray job booked; Settings → Crews and the board's rows.
  'job.updated': [schedule, customers],
  'crew.updated': [crews, schedule],
  // Money: the ledger, invoices, a job's "deposit paid", a customer's open balance, the figures.
  'payment.received': [payments, schedule, customers, stats, reports],
  'payment.updated': [payments, schedule, customers, stats, reports],
  'dispute.opened': [payments, customers],
};

export const staleAfter = (type: string): readonly QueryKey[] =>
  (STALE_AFTER as Partial<Record<string, readonly QueryKey[]>>)[type] ?? [];
