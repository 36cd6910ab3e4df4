import { Router } from 'express';
import { followThroughSettingsSchema, sendTextSchema, type FollowThroughStatus } from '@washdesk/contract';
import { z } from 'zod';
import { staffOf } from '../auth/staff-session.ts';
import { notFound, parseWith, routeId } from '../http/errors.ts';
import type { TextsService } from './texts.service.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import { followThroughSettings } from './follow-through-settings.ts';
import type { Outbox } from '../outbox/outbox.ts';

const takeOverSchema = z.object({ on: z.boolean({ error: 'on must be true or false' }) });

/**
 * The Texts screen's API (threads, one thread's messages, a staff text, taking a thread over) and
 * the automatic messages' settings; `saved` lets the features re-plan what is still to go.
 */
export function textsRoutes(
  texts: TextsService,
  settingsRepo: SettingsRepository,
  outbox: Outbox,
  saved: () => void,
) {
  const router = Router();
  const settings = followThroughSettings(settingsRepo);
  router.get('/api/texts/settings', (_req, res) => void res.json(settings.read()));
  router.put('/api/texts/settings', (req, res) => {
    // A partial change keeps the rest (the missed-call switch alone, say).
    const change = parseWith(followThroughSettingsSchema.partial(), req.body ?? {});
    const stored = settings.save({ ...settings.read(), ...change });
    saved();
    res.json(stored);
  });
  router.get('/api/texts/settings/status', (_req, res) => {
    const status: FollowThroughStatus = {
      texts: outbox.configured.text,
      email: outbox.configured.email,
      quietHours: settings.read().quietHours,
    };
    res.json(status);
  });
  router.get('/api/texts/status', (_req, res) => void res.json(texts.status()));
  router.get('/api/texts/threads', (_req, res) => void res.json(texts.repo.threads()));
  router.get('/api/texts/threads/:id', (req, res) => {
    const id = routeId(req.params);
    const thread = texts.repo.thread(id);
    if (!thread) throw notFound('Text conversation');
    res.json({ thread, messages: texts.repo.messages(id) });
  });
  router.post('/api/texts/threads/:id/messages', (req, res) => {
    const id = routeId(req.params);
    const { body } = parseWith(sendTextSchema, req.body ?? {});
    res.status(201).json({ message: texts.sendByStaff(id, body, staffOf(res)!.user.id) });
  });
  router.post('/api/texts/threads/:id/take-over', (req, res) => {
    const id = routeId(req.params);
    const { on } = parseWith(takeOverSchema, req.body ?? {});
    res.json(texts.takeOver(id, staffOf(res)!.user.id, on));
  });
  return router;
}
