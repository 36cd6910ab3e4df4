import { Router } from 'express';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { CustomerRepository } from '../customers/customer.repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import { visitLinks } from '../reminders/visit-links.ts';
import { planVisitLinks } from '../service-plans/plan-visit-links.ts';
import type { BusinessTexts } from '../texts/business-texts.ts';
import type { TextRepository } from '../texts/text.repository.ts';
import type { Clock } from '../time.ts';
import type { InvoicingService } from '../invoices/invoicing.service.ts';
import { accountContents } from './account-contents.ts';
import type { DepositsService } from '../deposits/deposits.service.ts';
import { accountDepositRoutes } from './account-deposit.routes.ts';
import { accountPayRoutes } from './account-pay.routes.ts';
import { accountLinkSender } from './account-links.ts';
import { accountRepository } from './account.repository.ts';
import { accountRoutes } from './account.routes.ts';
import { accountService } from './account.service.ts';
import { accountStaffRoutes } from './account-staff.routes.ts';

/**
 * The customer's own page (issue 36): sign-in links by text or e-mail, sessions on the customer's
 * device, and one page of everything of theirs across merged records. Staff send a link or end
 * every session from the customer's record.
 */
export function accountFeature(deps: {
  db: Db;
  config: Config;
  texting: BusinessTexts | null;
  textMessages: Pick<TextRepository, 'receive'>;
  customers: Pick<CustomerRepository, 'update'>;
  events: Pick<EventBus, 'publish'>;
  publicUrl: () => string;
  /** Stripe is configured (payments.online): invoices are paid from the page. */
  payOnline: boolean;
  clock?: Clock;
  report: (error: unknown) => void;
}) {
  const { db, config } = deps;
  const repo = accountRepository(db);
  const service = accountService({
    repo,
    contents: accountContents(db),
    sender: accountLinkSender({ config, texts: deps.texting, links: repo, publicUrl: deps.publicUrl }),
    texts: deps.textMessages,
    events: deps.events,
    customers: deps.customers,
    visitLinks: visitLinks(db),
    planVisitLinks: planVisitLinks(db),
    business: { name: config.business.name, phone: config.business.phone },
    payOnline: deps.payOnline,
    timeZone: config.timeZone,
    clock: deps.clock,
    report: deps.report,
  });
  const router = Router();
  router.use(accountRoutes(config, service));
  router.use(accountStaffRoutes(service));
  return {
    router,
    settled: service.settled,
    /** "Pay" with a tip from the page, through the invoices' own pay rule (mounted after them). */
    payRoutes: (invoices: Pick<InvoicingService, 'pay'>) =>
      accountPayRoutes({ config, service, invoices, publicUrl: deps.publicUrl }),
    /** "Pay the deposit" of an accepted quote, through the deposits' own rule (mounted after them). */
    depositRoutes: (deposits: Pick<DepositsService, 'pay'>) =>
      accountDepositRoutes({ config, service, deposits, online: deps.payOnline, publicUrl: deps.publicUrl }),
  };
}
