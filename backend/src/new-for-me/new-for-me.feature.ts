import type { Db } from '../db/database.ts';
import type { Clock } from '../time.ts';
import { newForMeRepository } from './new-for-me.repository.ts';
import { newForMeRoutes } from './new-for-me.routes.ts';

/** What is new for the signed-in staff member since they last looked, per list. */
export function newForMeFeature(deps: { db: Db; clock?: Clock }) {
  return { router: newForMeRoutes(newForMeRepository(deps.db), deps.clock) };
}
