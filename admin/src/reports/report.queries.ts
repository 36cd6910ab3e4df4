import { queryOptions } from '@tanstack/react-query';
import { DEFAULT_REPORT_WEEKS, weeklySummarySchema } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

const reportsKey = ['reports'] as const;

export const reportQueries = {
  all: reportsKey,
  weekly: (api: ApiClient, weeks = DEFAULT_REPORT_WEEKS) =>
    queryOptions({
      queryKey: [...reportsKey, 'weekly', weeks],
      queryFn: () => api.get(`/api/reports/weekly?weeks=${weeks}`, weeklySummarySchema.array()),
    }),
};

/** The same weeks as a file; the server names it and guards its cells against formulas. */
export const weeklyReportCsvUrl = (api: ApiClient, weeks = DEFAULT_REPORT_WEEKS) =>
  `${api.baseUrl}/api/reports/weekly.csv?weeks=${weeks}`;
