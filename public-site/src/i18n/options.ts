import type { Option } from '@washdesk/contract';
import type { MessageId } from './catalog.en.ts';
import { t } from './i18n.ts';

// The contract's choices (services, property types, timelines) in the page's language: the value
// stays the contract's, the label is the catalog's `option.<list>.<value>` (English: the same words).

type OptionList = 'service' | 'property' | 'urgency';

export const optionsIn = (list: OptionList, options: readonly Option[]) =>
  options.map((o) => ({ value: o.value, label: t(`option.${list}.${o.value}` as MessageId) }));

/** One choice's label, '' for none (as the contract's labelOf). */
export const optionLabel = (list: OptionList, options: readonly Option[], value: string | null | undefined) =>
  value && options.some((o) => o.value === value) ? t(`option.${list}.${value}` as MessageId) : (value ?? '');
