import { Router } from 'express';
import {
  ERROR_CODES,
  MESSENGER_NOT_CONNECTED,
  RECENT_MESSAGES_LIMIT,
  idParamSchema,
  messengerSendSchema,
} from '@washdesk/contract';
import { z } from 'zod';
import { HttpError, notFound, parseWith } from '../http/errors.ts';
import { listQuery, sendPage } from '../http/lists.ts';
import type { MessengerRepository } from './messenger.repository.ts';

export function messengerRoutes(messenger: MessengerRepository) {
  const router = Router();
  router.get('/api/messenger/conversations', (req, res) => {
    const { rows, total } = messenger.conversations(listQuery(req, z.object({})));
    sendPage(res, rows, total);
  });
  router.get('/api/messenger/messages', (_req, res) => {
    res.json(messenger.recentMessages(RECENT_MESSAGES_LIMIT));
  });
  router.get('/api/messenger/conversations/:id/messages', (req, res) => {
    const { id } = parseWith(idParamSchema, req.params);
    if (!messenger.conversation(id)) throw notFound('Conversation');
    const { rows, total } = messenger.messages(id, listQuery(req, z.object({})));
    sendPage(res, rows, total);
  });
  // Until Meta delivery is connected the staff message is kept, marked not delivered, and the
  // answer is an error: staff must never believe a customer got a message they did not get.
  router.post('/api/messenger/send', (req) => {
    const { recipientId, messageText } = parseWith(messengerSendSchema, req.body ?? {});
    const conversation = messenger.conversationOf(recipientId);
    if (!conversation) throw notFound('Conversation');
    const message = messenger.addMessage({
      conversationId: conversation.id,
      sender: 'staff',
      messageText,
      deliveryStatus: 'not_delivered',
      deliveryError: MESSENGER_NOT_CONNECTED,
    });
    throw new HttpError(503, ERROR_CODES.messengerNotConnected, MESSENGER_NOT_CONNECTED, undefined, {
      message,
    });
  });
  return router;
}
