import { queryOptions } from '@tanstack/react-query';
import {
  DEFAULT_REPORT_WEEKS,
  QUICKBOOKS_EXPORT_PATHS,
  weeklyReportWeekSchema,
  type ExportRange,
} from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

const reportsKey = ['reports'] as const;

export const reportQueries = {
  all: reportsKey,
  weekly: (api: ApiClient, weeks = DEFAULT_REPORT_WEEKS) =>
    queryOptions({
      queryKey: [...reportsKey, 'weekly', weeks],
      queryFn: () => api.get(`/api/reports/weekly?weeks=${weeks}`, weeklyReportWeekSchema.array()),
    }),
};

/** The same weeks as a file; the server names it and guards its cells against formulas. */
export const weeklyReportCsvUrl = (api: ApiClient, weeks = DEFAULT_REPORT_WEEKS) =>
  `${api.baseUrl}/api/reports/weekly.csv?weeks=${weeks}`;

/** The accountant's QuickBooks Online files for a range of the business's days (either end open). */
export const quickbooksExportUrl = (api: ApiClient, what: keyof typeof QUICKBOOKS_EXPORT_PATHS, range: ExportRange) => {
  const query = new URLSearchParams(
    Object.entries(range).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return `${api.baseUrl}${QUICKBOOKS_EXPORT_PATHS[what]}${query ? `?${query}` : ''}`;
};
