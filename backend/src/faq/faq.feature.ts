import type { Db } from '../db/database.ts';
import { faqRepository } from './faq.repository.ts';
import { faqRoutes } from './faq.routes.ts';

/** The FAQ staff write; the assistant reads it through its own repository. */
export function faqFeature(deps: { db: Db }) {
  return { router: faqRoutes(faqRepository(deps.db)) };
}
