import type { Db } from '../db/database.ts';
import { addDays, localDate, type Clock } from '../time.ts';
import { customerRepository } from './customer.repository.ts';
import type { TimelineSources } from './customer-timeline.ts';
import { customerRoutes } from './customer.routes.ts';

/** Customer records across channels; `customers` answers "who is this" (callerName) for the others. */
export function customersFeature(deps: { db: Db; timeZone?: string; clock?: Clock } & TimelineSources) {
  const customers = customerRepository(deps.db, deps);
  const clock = deps.clock ?? Date.now;
  // "Last service in the past year" counts back from the business's today, not the server's.
  const yearAgo = () => addDays(localDate(new Date(clock()), deps.timeZone ?? 'America/Los_Angeles'), -365);
  return { customers, router: customerRoutes(customers, yearAgo) };
}
