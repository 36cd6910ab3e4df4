import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { CustomerRepository } from '../customers/customer.repository.ts';
import { callRepository } from './call.repository.ts';
import { callRoutes } from './call.routes.ts';

/** Calls: the owner of the calls table (the phone line writes it, Call Logs read it). */
export function callsFeature(deps: {
  db: Db;
  config: Pick<Config, 'timeZone'>;
  customers: Pick<CustomerRepository, 'callerName'>;
}) {
  const calls = callRepository(deps.db, { callerName: deps.customers.callerName });
  return { calls, router: callRoutes(calls, deps.config.timeZone) };
}
