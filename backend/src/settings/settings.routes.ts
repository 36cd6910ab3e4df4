import { Router } from 'express';
import { aiSettingsUpdateSchema, commonResponseUpdateSchema } from '@washdesk/contract';
import { notFound, parseWith } from '../http/errors.ts';
import type { Config } from '../config.ts';
import type { SettingsRepository } from './settings.repository.ts';
import { telephonySettings } from './telephony-settings.ts';

export function settingsRoutes(
  settings: SettingsRepository,
  config: Config,
  publicUrl: () => string = () => config.publicBaseUrl,
) {
  const router = Router();
  // Read-only: these come from the environment, so the screen only shows them (masked).
  router.get('/api/settings/telephony', (_req, res) => {
    res.json(telephonySettings(config, publicUrl()));
  });
  router.get('/api/settings/ai', (_req, res) => {
    res.json(settings.aiSettings());
  });
  // The spec's client sends its four fields; a setting it does not know keeps its stored value.
  router.put('/api/settings/ai', (req, res) => {
    const update = parseWith(aiSettingsUpdateSchema.strict(), req.body ?? {});
    res.json(settings.saveAiSettings({ ...settings.aiSettings(), ...update }));
  });
  router.get('/api/settings/responses', (_req, res) => {
    res.json(settings.commonResponses());
  });
  router.put('/api/settings/responses/:id', (req, res) => {
    const { content } = parseWith(commonResponseUpdateSchema, req.body ?? {});
    const updated = settings.updateCommonResponse(req.params.id, content);
    if (!updated) throw notFound('Common response');
    res.json(updated);
  });
  return router;
}
