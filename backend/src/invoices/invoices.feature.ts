import { invoicePagePath } from '@washdesk/contract';
import { Router } from 'express';
import type { Config } from '../config.ts';
import type { CustomerLanguages } from '../customers/customer-languages.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { FeatureLifecycle } from '../feature-lifecycle.ts';
import { jobRepository } from '../jobs/job.repository.ts';
import type { PaymentsFeature } from '../payments/payments.feature.ts';
import type { TextsFeature } from '../texts/texts.feature.ts';
import type { Clock } from '../time.ts';
import { invoiceMessages } from './invoice-messages.ts';
import { invoiceRepository } from './invoice.repository.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { invoicingService } from './invoicing.service.ts';

/**
 * Invoices (issue 35, item 4): a job marked done gets its invoice once (a reaction on
 * `job.updated`, after the board's transaction committed), sent by text and e-mail through the
 * texts feature's outbox; payments arriving in the ledger (Stripe's webhook, staff's cash and
 * checks) move its status, send a receipt and re-plan its two reminders. At start, a done job
 * left without its invoice by a crash is invoiced (`lifecycle`).
 */
export function invoicesFeature(deps: {
  db: Db;
  config: Pick<Config, 'timeZone' | 'business' | 'rateLimitPerMinute'>;
  payments: Pick<PaymentsFeature, 'ledger' | 'checkout'>;
  texts: Pick<TextsFeature, 'outbox' | 'texts'>;
  events: EventBus;
  publicUrl: () => string;
  /** The customers' languages (customers.language): messages and Stripe's page in theirs. */
  languages: Pick<CustomerLanguages, 'languageOf'>;
  clock?: Clock;
  report: (error: unknown) => void;
}) {
  const { db, config, events } = deps;
  const clock = deps.clock ?? Date.now;
  const invoices = invoiceRepository(db);
  const jobs = jobRepository(db);
  const linkOf = (invoice: { token: string }) => `${deps.publicUrl()}${invoicePagePath(invoice.token)}`;
  const messages = invoiceMessages({
    config,
    outbox: deps.texts.outbox,
    texts: deps.texts.texts,
    linkOf,
    standing: (id) => service.standing(id),
    languages: deps.languages,
    publicUrl: deps.publicUrl,
    clock,
  });
  const service = invoicingService({
    db,
    config,
    invoices,
    jobs,
    ledger: deps.payments.ledger,
    checkout: deps.payments.checkout,
    messages,
    events,
    linkOf,
    languages: deps.languages,
    clock,
  });
  deps.texts.outbox.addGate(messages.gate);

  events.react((event) => {
    try {
      if (event.type === 'job.updated' && event.entityId !== null) {
        // Only a job that is done now: its invoice is made once, whatever replays the event.
        const job = jobs.get(event.entityId);
        if (job?.status === 'done' && !invoices.ofJob(job.id)) service.createForJob(job.id, null);
      }
      if (
        (event.type === 'payment.received' || event.type === 'payment.updated') &&
        event.entityId !== null
      ) {
        const payment = deps.payments.ledger.get(event.entityId);
        if (!payment?.invoiceId) return;
        service.reconcile(payment.invoiceId);
        if (event.type === 'payment.received') service.receiptFor(payment.id);
      }
    } catch (error) {
      deps.report(error);
    }
  });

  // At every start: a job the board marked done whose invoice was never made (the process died
  // after the board's commit, before the reaction above ran) gets it now, made and sent as then.
  const lifecycle: FeatureLifecycle = {
    name: 'Invoices of jobs marked done',
    start: () => {
      for (const jobId of invoices.doneJobsWithoutInvoice())
        try {
          service.createForJob(jobId, null);
        } catch (error) {
          deps.report(error);
        }
    },
  };

  const router = Router();
  router.use(invoicesRoutes(config, service, deps.publicUrl));
  return { router, invoices: service, lifecycle };
}
export type InvoicesFeature = ReturnType<typeof invoicesFeature>;
