import { Button, Card, Classes, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDollars } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { SubmissionStatusTag } from '../submissions/SubmissionStatusTag.tsx';
import {
  customerNameOf,
  formatSubmittedAt,
  serviceTypeOf,
  submissionQueries,
} from '../submissions/submission.queries.ts';

/** The newest five submissions (spec: Dashboard), with the way to all of them. */
export function RecentSubmissions() {
  const api = useApi();
  const navigate = useNavigate();
  const recent = useQuery(submissionQueries.recent(api));
  return (
    <Card className="dashboard-card recent-submissions" role="region" aria-label="Recent Submissions">
      <div className="dashboard-card__head">
        <H4>Recent Submissions</H4>
        <Button text="View All" endIcon="arrow-right" onClick={() => void navigate('/photo-submissions')} />
      </div>
      {recent.isPending && <Spinner size={24} aria-label="Loading recent submissions" />}
      {recent.isError && <p className={Classes.TEXT_MUTED}>The recent submissions could not be loaded.</p>}
      {recent.data?.items.length === 0 && (
        <NonIdealState
          icon="camera"
          title="No submissions yet"
          description="Customer submissions will appear here"
        />
      )}
      {recent.data && recent.data.items.length > 0 && (
        <ul className="recent-submissions__list">
          {recent.data.items.map((s) => (
            <li key={s.id}>
              <div>
                <strong>{customerNameOf(s)}</strong>
                <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
                  {serviceTypeOf(s)} · {s.photos.length} photo{s.photos.length === 1 ? '' : 's'} ·{' '}
                  {formatSubmittedAt(s.createdAt)}
                </div>
              </div>
              <div className="recent-submissions__end">
                {s.estimateAmount !== null && <span>{formatDollars(s.estimateAmount)}</span>}
                <SubmissionStatusTag status={s.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
