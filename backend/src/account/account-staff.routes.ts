import { Router } from 'express';
import { staffAccountLinkSchema } from '@washdesk/contract';
import { parseWith, routeId } from '../http/errors.ts';
import type { AccountService } from './account.service.ts';

// The customer's record (admin Customers): "Send sign-in link" and "Sign out everywhere". The link
// is sent while staff wait, so the answer says what really happened (sent, failed, no number).

export function accountStaffRoutes(service: AccountService) {
  const router = Router();
  router.get('/api/customers/:id/account', (req, res) => {
    res.json({ liveSessions: service.liveSessions(routeId(req.params)) });
  });
  router.post('/api/customers/:id/account-link', async (req, res) => {
    const { channel } = parseWith(staffAccountLinkSchema, req.body ?? {});
    res.json(await service.sendLinkForStaff(routeId(req.params), channel));
  });
  router.delete('/api/customers/:id/account-sessions', (req, res) => {
    res.json({ ended: service.revokeSessions(routeId(req.params)) });
  });
  return router;
}
