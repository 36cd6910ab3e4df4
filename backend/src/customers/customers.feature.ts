import type { Db } from '../db/database.ts';
import { customerRepository } from './customer.repository.ts';
import type { TimelineSources } from './customer-timeline.ts';
import { customerRoutes } from './customer.routes.ts';

/** Customer records across channels; `customers` answers "who is this" (callerName) for the others. */
export function customersFeature(deps: { db: Db } & TimelineSources) {
  const customers = customerRepository(deps.db, deps);
  return { customers, router: customerRoutes(customers) };
}
