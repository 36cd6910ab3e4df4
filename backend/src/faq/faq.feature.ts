import type { Db } from '../db/database.ts';
import { faqRepository } from './faq.repository.ts';
import { faqRoutes } from './faq.routes.ts';

/** The FAQ staff write; `faq` is what the assistant answers from and counts its uses in. */
export function faqFeature(deps: { db: Db }) {
  const faq = faqRepository(deps.db);
  return { faq, router: faqRoutes(faq) };
}
