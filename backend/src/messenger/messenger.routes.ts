import { Router } from 'express';
import { CONVERSATION_STATUSES, RECENT_MESSAGES_LIMIT, messengerSendSchema } from '@washdesk/contract';
import { z } from 'zod';
import { staffOf } from '../auth/staff-session.ts';
import { notFound, parseWith, routeId } from '../http/errors.ts';
import { listQuery, NO_FILTERS, sendPage } from '../http/lists.ts';
import type { MessengerService } from './messenger.service.ts';

const conversationFilters = z.object({
  status: z.enum(CONVERSATION_STATUSES, { error: 'status must be active or archived' }).optional(),
});

export function messengerRoutes(messenger: MessengerService) {
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
    const { rows, total } = messenger.messages(id, listQuery(req, NO_FILTERS));
    sendPage(res, rows, total);
  });
  // The staff message is always kept (unless Meta's window is closed: then the composer keeps
  // it). Only Meta's acceptance makes it "sent"; anything else answers an error.
  router.post('/api/messenger/send', async (req, res) => {
    const { recipientId, messageText } = parseWith(messengerSendSchema, req.body ?? {});
    const conversation = messenger.conversationOf(recipientId);
    if (!conversation) throw notFound('Conversation');
    const message = await messenger.staffSend(conversation, messageText, staffOf(res)!.user.name);
    res.status(201).json({ message });
  });
  router.post('/api/messenger/messages/:id/retry', async (req, res) => {
    const message = await messenger.retry(routeId(req.params));
    res.json({ message });
  });
  // "Hand back to AI": the assistant answers this conversation's next customer message.
  router.post('/api/messenger/conversations/:id/hand-back', (req, res) => {
    const id = routeId(req.params);
    if (!messenger.conversation(id)) throw notFound('Conversation');
    res.json(messenger.handBack(id));
  });
  return router;
}
