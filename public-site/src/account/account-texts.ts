import { ACCOUNT_TEXTS, PAY_AT_THE_VISIT } from '@washdesk/contract';
import type { MessageId } from '../i18n/catalog.en.ts';
import { t } from '../i18n/i18n.ts';

// The account pages' words in the page's language: the server's answers (the contract's English)
// each shown from the catalog, and days and months from two short catalog lists rather than Intl,
// whose first use costs a slow phone a long task.

const SERVER_IDS = new Map<string, MessageId>([
  ...Object.entries(ACCOUNT_TEXTS).map(([key, text]): [string, MessageId] => [
    text,
    `account.server.${key}` as MessageId,
  ]),
  [PAY_AT_THE_VISIT, 'account.payAtTheVisit'],
]);

/** A message the server answered, in the page's language when it is one of ours. */
export const accountMessageIn = (message: string) => {
  const id = SERVER_IDS.get(message);
  return id ? t(id) : message;
};

const monthName = (month: number) => t('account.months').split(',')[month - 1] ?? String(month);

/** "Friday, December 4" (or "viernes, 4 de diciembre") for a 'YYYY-MM-DD' or an ISO instant's day. */
export function accountDay(date: string) {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  const weekday = new Date(Date.UTC(year!, month! - 1, day!)).getUTCDay();
  return t('account.day', {
    weekday: t('account.weekdays').split(',')[weekday],
    month: monthName(month!),
    day: String(day),
  });
}

/** "May 2027" for a 'YYYY-MM'. */
export function accountMonth(yearMonth: string) {
  const [year, month] = yearMonth.split('-').map(Number);
  return t('account.monthYear', { month: monthName(month ?? 1), year: String(year) });
}

/** "Every year in May", "Every 2 years in May". */
export const planEvery = (everyYears: number, month: number) =>
  everyYears === 1
    ? t('account.plan.everyYear', { month: monthName(month) })
    : t('account.plan.everyYears', { years: String(everyYears), month: monthName(month) });
