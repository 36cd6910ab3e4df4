import { Router } from 'express';
import {
  CONVERSATION_STATUSES,
  ERROR_CODES,
  MESSENGER_DELIVERY_FAILED,
  MESSENGER_NOT_CONNECTED,
  RECENT_MESSAGES_LIMIT,
  messengerSendSchema,
} from '@washdesk/contract';
import { z } from 'zod';
import { HttpError, notFound, parseWith, routeId } from '../http/errors.ts';
import { listQuery, sendPage } from '../http/lists.ts';
import type { MessengerDelivery } from './meta-delivery.ts';
import type { MessengerRepository } from './messenger.repository.ts';

const conversationFilters = z.object({
  status: z.enum(CONVERSATION_STATUSES, { error: 'status must be active or archived' }).optional(),
});

export function messengerRoutes(messenger: MessengerRepository, delivery: MessengerDelivery | null) {
  const router = Router();
  router.get('/api/messenger/conversations', (req, res) => {
    const { rows, total } = messenger.conversations(listQuery(req, conversationFilters));
    sendPage(res, rows, total);
  });
  router.get('/api/messenger/messages', (_req, res) => {
    res.json(messenger.recentMessages(RECENT_MESSAGES_LIMIT));
  });
  // One conversation, so a link or a recent message can open a thread beyond the loaded list.
  router.get('/api/messenger/conversations/:id', (req, res) => {
    const conversation = messenger.conversation(routeId(req.params));
    if (!conversation) throw notFound('Conversation');
    res.json(conversation);
  });
  router.get('/api/messenger/conversations/:id/messages', (req, res) => {
    const id = routeId(req.params);
    if (!messenger.conversation(id)) throw notFound('Conversation');
    const { rows, total } = messenger.messages(id, listQuery(req, z.object({})));
    sendPage(res, rows, total);
  });
  // The staff message is always kept. Only Meta's acceptance makes it "sent": staff must never
  // believe a customer got a message they did not get, so anything else answers an error.
  router.post('/api/messenger/send', async (req, res) => {
    const { recipientId, messageText } = parseWith(messengerSendSchema, req.body ?? {});
    const conversation = messenger.conversationOf(recipientId);
    if (!conversation) throw notFound('Conversation');
    const stored = messenger.addMessage({
      conversationId: conversation.id,
      sender: 'staff',
      messageText,
      deliveryStatus: delivery ? 'pending' : 'not_delivered',
      deliveryError: delivery ? null : MESSENGER_NOT_CONNECTED,
    });
    if (!delivery) {
      throw new HttpError(503, ERROR_CODES.messengerNotConnected, MESSENGER_NOT_CONNECTED, undefined, {
        message: stored,
      });
    }
    const result = await delivery.deliver(recipientId, messageText);
    const message = messenger.recordDelivery(
      stored.id,
      result.ok
        ? { deliveryStatus: 'sent', deliveryError: null, mid: result.mid }
        : { deliveryStatus: 'not_delivered', deliveryError: result.reason, mid: null },
    );
    if (!result.ok) {
      throw new HttpError(502, MESSENGER_DELIVERY_FAILED, result.reason, undefined, { message });
    }
    res.status(201).json({ message });
  });
  return router;
}
