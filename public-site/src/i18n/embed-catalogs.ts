import type { Messages } from '@lingui/core';
import type { Language } from '@washdesk/contract';
import { messages as english } from './compiled/embed.en.ts';

/** The widget's catalogs (its areas only): English in its first load, Spanish fetched when shown. */
export const embedCatalog = (language: Language): Promise<Messages> =>
  language === 'es' ? import('./compiled/embed.es.ts').then((m) => m.messages) : Promise.resolve(english);
