import type { Config } from '../config.ts';
import type { Clock } from '../time.ts';
import { createOpenAiAnalyzer } from './analyzers/openai-analyzer.ts';
import type { PhotoAnalyzer } from './analyzers/photo-analyzer.ts';

/** OpenAI when a key is set; otherwise none, and quotes come from the local estimate. */
export function analyzerFromConfig(config: Config, now?: Clock): PhotoAnalyzer | null {
  const { apiKey, model, baseUrl } = config.providers.openai;
  return apiKey ? createOpenAiAnalyzer({ apiKey, model, baseUrl, now }) : null;
}
