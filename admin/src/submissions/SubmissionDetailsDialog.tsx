import { useState } from 'react';
import { Callout, Classes, Dialog, DialogBody, H5, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { formatDollars, type PhotoSubmissionRow } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { AnalysisSummary } from './AnalysisSummary.tsx';
import { CustomerQuoteSection } from './CustomerQuoteSection.tsx';
import { ContactMenu } from '../components/ContactMenu.tsx';
import { PhotoThumbnails } from './PhotoThumbnails.tsx';
import type { PriceSuggestion } from './price-suggestion.ts';
import { QuoteForm } from './QuoteForm.tsx';
import { SubmissionStatusTag } from './SubmissionStatusTag.tsx';
import { NOT_SENT_YET, quoteStateLine } from './sent-quote.queries.ts';
import {
  customerNameOf,
  formatSubmittedAt,
  homeSizeOf,
  serviceTypeOf,
  submissionQueries,
} from './submission.queries.ts';

const isQuoted = (s: PhotoSubmissionRow) => s.status === 'quoted' || s.status === 'completed';

interface SubmissionDetailsDialogProps {
  submission: PhotoSubmissionRow | undefined;
  onClose: () => void;
}

/** "Create Quote" / "View Quote": everything about one submission; the quote form until quoted. */
export function SubmissionDetailsDialog({ submission, onClose }: SubmissionDetailsDialogProps) {
  const name = submission ? customerNameOf(submission) : '';
  return (
    <Dialog
      title={submission ? `Submission from ${name}` : ''}
      isOpen={submission !== undefined}
      onClose={onClose}
      className="submission-details"
    >
      {/* Keyed by id, so another submission never inherits a half-typed amount. */}
      {submission && <SubmissionDetails key={submission.id} submission={submission} name={name} />}
    </Dialog>
  );
}

function SubmissionDetails({ submission, name }: { submission: PhotoSubmissionRow; name: string }) {
  const api = useApi();
  const [suggestion, setSuggestion] = useState<PriceSuggestion | null>(null);
  // The list's rows leave the photo analysis out (issue 38); the dialog reads this one's by id.
  const details = useQuery(submissionQueries.one(api, submission.id));
  const quoted = isQuoted(submission);
  return (
    <DialogBody>
      <div className="submission-details__head">
        <SubmissionStatusTag status={submission.status} />
        <ContactMenu
          name={submission.customerName}
          phone={submission.phone}
          email={submission.email}
          placement="bottom-start"
        />
      </div>
      <dl className="submission-details__facts">
        <dt>Service</dt>
        <dd>{serviceTypeOf(submission)}</dd>
        <dt>Phone</dt>
        <dd>{submission.phone ?? '—'}</dd>
        <dt>E-mail</dt>
        <dd>{submission.email ?? '—'}</dd>
        <dt>Address</dt>
        <dd>{submission.address ?? '—'}</dd>
        <dt>Home size</dt>
        <dd>{homeSizeOf(submission)}</dd>
        <dt>Submitted</dt>
        <dd>{formatSubmittedAt(submission.createdAt)}</dd>
      </dl>
      {submission.notes && (
        <blockquote className={`${Classes.BLOCKQUOTE} submission-details__notes`}>
          {submission.notes}
        </blockquote>
      )}
      <H5>Photos ({submission.photos.length})</H5>
      <PhotoThumbnails photos={submission.photos} customerName={name} />
      {details.data?.analysis ? (
        <AnalysisSummary
          analysis={details.data.analysis}
          onUseSuggestedPrice={quoted ? undefined : (amount) => setSuggestion({ amount })}
        />
      ) : details.data ? (
        <p className={Classes.TEXT_MUTED}>
          No AI analysis: the customer sent the photos for a manual review.
        </p>
      ) : details.isError ? (
        <p className={Classes.TEXT_MUTED}>The AI analysis could not be loaded.</p>
      ) : (
        <p className={Classes.TEXT_MUTED} aria-busy="true">
          Loading the AI analysis…
        </p>
      )}
      {quoted ? (
        <Callout intent={Intent.SUCCESS} icon="tick-circle" title="Quoted">
          {submission.estimateAmount === null
            ? 'This submission is marked quoted.'
            : `Quoted at ${formatDollars(submission.estimateAmount)}.`}{' '}
          {submission.latestQuote ? quoteStateLine(submission.latestQuote) : `${NOT_SENT_YET}.`}
        </Callout>
      ) : (
        <QuoteForm submission={submission} suggestion={suggestion} />
      )}
      <CustomerQuoteSection submission={submission} suggestion={suggestion} quoted={quoted} />
    </DialogBody>
  );
}
