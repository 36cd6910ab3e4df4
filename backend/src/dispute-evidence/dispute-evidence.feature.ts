import { Router } from 'express';
import { notFound, routeId } from '../http/errors.ts';
import { listQuery, NO_FILTERS, sendPage } from '../http/lists.ts';
import type { Clock } from '../time.ts';
import { disputeListRepository } from './dispute-list.repository.ts';
import { evidencePackets, type EvidenceSources } from './evidence-packet.ts';

/**
 * The Payments screen's Disputes tab (issue 35, item 5): `GET /api/disputes` (open first, the
 * nearest deadline first) and `GET /api/disputes/:id/evidence.zip`, the one-click packet. Reads
 * only: the Stripe webhook records disputes (disputes/dispute.repository.ts).
 */
export function disputeEvidenceFeature(deps: EvidenceSources & { clock?: Clock }) {
  const disputes = disputeListRepository(deps.db);
  const packets = evidencePackets(deps);
  const clock = deps.clock ?? Date.now;
  const router = Router();

  router.get('/api/disputes', (req, res) => {
    const { limit, offset } = listQuery(req, NO_FILTERS);
    const { rows, total } = disputes.list(limit, offset);
    sendPage(res, rows, total);
  });

  router.get('/api/disputes/:id/evidence.zip', async (req, res) => {
    const found = disputes.get(routeId(req.params));
    if (!found) throw notFound('Dispute');
    const packet = await packets.build(found.dispute, new Date(clock()));
    const name = `dispute-${found.dispute.providerDisputeId.replace(/[^A-Za-z0-9_-]/g, '')}-evidence.zip`;
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(packet);
  });

  return { router };
}
