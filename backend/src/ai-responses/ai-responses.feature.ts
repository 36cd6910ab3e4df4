import type { Db } from '../db/database.ts';
import { aiResponseRepository } from './ai-response.repository.ts';
import { aiResponseRoutes } from './ai-response.routes.ts';

/** The AI response log, for staff. */
export function aiResponsesFeature(deps: { db: Db }) {
  return { router: aiResponseRoutes(aiResponseRepository(deps.db)) };
}
