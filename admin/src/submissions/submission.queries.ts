import { queryOptions } from '@tanstack/react-query';
import {
  photoSubmissionRowSchema,
  photoSubmissionSchema,
  type PhotoSubmissionRow,
  type SubmissionStatus,
} from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

const submissionsKey = ['photo-submissions'] as const;

/** What the Photo Submissions screen narrows the list to; the server searches every row. */
export interface SubmissionFilter {
  /** Part of the customer's name, phone, e-mail or address. */
  q?: string;
  status?: SubmissionStatus;
}

/** Cards per page: four rows of three at 1440 px, and a page the server answers in a blink. */
export const SUBMISSIONS_PAGE_SIZE = 12;
/** The dashboard's Recent Submissions (spec section 9). */
export const RECENT_SUBMISSIONS = 5;

export const submissionQueries = {
  /** Every key under this one belongs to photo submissions; invalidated after each change. */
  all: submissionsKey,
  page: (api: ApiClient, offset: number, limit = SUBMISSIONS_PAGE_SIZE, filter: SubmissionFilter = {}) =>
    queryOptions({
      queryKey: [...submissionsKey, 'page', { offset, limit, ...filter }],
      queryFn: () => {
        const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
        if (filter.q) params.set('q', filter.q);
        if (filter.status) params.set('status', filter.status);
        return api.getPage(`/api/photo-submissions?${params}`, photoSubmissionRowSchema.array());
      },
    }),
  recent: (api: ApiClient) => submissionQueries.page(api, 0, RECENT_SUBMISSIONS),
  /** One submission with its photo analysis: the details dialog, and a link that names it (`?submission=`). */
  one: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: [...submissionsKey, 'one', id],
      queryFn: () => api.get(`/api/photo-submissions/${id}`, photoSubmissionSchema),
    }),
};

/** "Create Quote": the submission becomes quoted with the amount staff settled on. */
export const quoteSubmission = (api: ApiClient, id: number, estimateAmount: number) =>
  api.send(
    'PUT',
    `/api/photo-submissions/${id}`,
    { status: 'quoted', estimateAmount },
    photoSubmissionSchema,
  );

/** The spec's fallbacks where the customer left something out. */
export const customerNameOf = (s: Pick<PhotoSubmissionRow, 'id' | 'customerName'>) =>
  s.customerName ?? `Customer #${s.id}`;
export const serviceTypeOf = (s: Pick<PhotoSubmissionRow, 'serviceType'>) =>
  s.serviceType ?? 'General Cleaning';

/** The size the customer gave on the photo form: "2 stories, about 2,400 sq ft", or "—". */
export const homeSizeOf = (s: Pick<PhotoSubmissionRow, 'stories' | 'squareFeet'>) =>
  [
    s.stories === null ? null : `${s.stories} ${s.stories === 1 ? 'story' : 'stories'}`,
    s.squareFeet === null ? null : `about ${s.squareFeet.toLocaleString('en-US')} sq ft`,
  ]
    .filter(Boolean)
    .join(', ') || '—';

export const formatSubmittedAt = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
