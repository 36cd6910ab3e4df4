import type { Messages } from '@lingui/core';
import type { Language } from '@washdesk/contract';
import { messages as english } from './compiled/site.en.ts';

/** The whole site's catalogs: English in the first load, Spanish fetched only for a Spanish page. */
export const siteCatalog = (language: Language): Promise<Messages> =>
  language === 'es' ? import('./compiled/site.es.ts').then((m) => m.messages) : Promise.resolve(english);
