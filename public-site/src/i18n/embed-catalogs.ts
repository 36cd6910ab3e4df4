import type { Messages } from '@lingui/core';
import type { Language } from '@washdesk/contract';

/**
 * The widget's catalogs (its areas only), each its own file that the prerendered page preloads:
 * a Spanish widget downloads the Spanish words alone, not the English ones too (issue 37: its
 * first load grows by at most 3 KB brotli in either language).
 */
export const embedCatalog = (language: Language): Promise<Messages> =>
  language === 'es'
    ? import('./compiled/embed.es.ts').then((m) => m.messages)
    : import('./compiled/embed.en.ts').then((m) => m.messages);
