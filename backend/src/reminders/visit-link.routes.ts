import { Router } from 'express';
import { ERROR_CODES, VISIT_LINK_REFUSED, visitPagePath, type VisitLink } from '@washdesk/contract';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { AppointmentRules } from '../appointments/appointment-rules.ts';
import { HttpError, notFound, routeId } from '../http/errors.ts';
import type { Clock } from '../time.ts';
import type { VisitLinks } from './visit-links.ts';

export const VISIT_LINK_ROUTE = '/api/appointments/:id/visit-link';

/**
 * "Copy visit link" on an appointment: staff paste the customer's page into an e-mail or a chat.
 * A new key each time (only keys' hashes are stored, so an earlier one cannot be read back); a
 * visit that can no longer be answered gets none, as its page would only say it is gone.
 */
export function visitLinkRoutes(deps: {
  appointments: Pick<AppointmentRepository, 'get'>;
  rules: Pick<AppointmentRules, 'today' | 'timeHasPassed'>;
  links: VisitLinks;
  publicUrl: () => string;
  clock: Clock;
}) {
  const router = Router();
  router.post(VISIT_LINK_ROUTE, (req, res) => {
    const visit = deps.appointments.get(routeId(req.params));
    if (!visit) throw notFound('Appointment');
    const past =
      visit.scheduledDate < deps.rules.today() ||
      deps.rules.timeHasPassed(visit.scheduledDate, visit.preferredTime);
    if (visit.status !== 'scheduled' || past) throw new HttpError(409, ERROR_CODES.conflict, VISIT_LINK_REFUSED);
    const token = deps.links.mint(visit.id, new Date(deps.clock()).toISOString());
    const body: VisitLink = { url: `${deps.publicUrl()}${visitPagePath(token)}` };
    res.status(201).json(body);
  });
  return router;
}
