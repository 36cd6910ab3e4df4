import { Button, Card, Classes, H4, Intent } from '@blueprintjs/core';
import { formatDollars, type PhotoSubmissionRow } from '@washdesk/contract';
import { ContactMenu } from '../components/ContactMenu.tsx';
import { PhotoThumbnails } from './PhotoThumbnails.tsx';
import { SubmissionStatusTag } from './SubmissionStatusTag.tsx';
import { customerNameOf, formatSubmittedAt, serviceTypeOf } from './submission.queries.ts';
import { NOT_SENT_YET, openQuestionsLine, quoteStateLine } from './sent-quote.queries.ts';

interface SubmissionCardProps {
  submission: PhotoSubmissionRow;
  onOpen: (submission: PhotoSubmissionRow) => void;
}

const photoCount = (n: number) => `${n} photo${n === 1 ? '' : 's'}`;

export function SubmissionCard({ submission, onOpen }: SubmissionCardProps) {
  const name = customerNameOf(submission);
  const quoted = submission.status === 'quoted' || submission.status === 'completed';
  return (
    <Card className="submission-card" role="article" aria-label={name}>
      <div className="submission-card__head">
        <H4 className="submission-card__name">{name}</H4>
        <SubmissionStatusTag status={submission.status} />
      </div>
      <p className={Classes.TEXT_MUTED}>
        {serviceTypeOf(submission)} · {photoCount(submission.photos.length)}
      </p>
      <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
        {formatSubmittedAt(submission.createdAt)}
      </p>
      <PhotoThumbnails photos={submission.photos} customerName={name} max={3} />
      {submission.estimateAmount !== null && (
        <p className="submission-card__amount">Estimate: {formatDollars(submission.estimateAmount)}</p>
      )}
      {/* Whether the customer has the quote: "Quoted" alone does not say it reached them. */}
      {submission.latestQuote ? (
        <p
          className={`submission-card__quote submission-card__quote--${submission.latestQuote.reachedBy.length || submission.latestQuote.openedAt ? submission.latestQuote.state : 'not-sent'} ${Classes.TEXT_SMALL}`}
        >
          {quoteStateLine(submission.latestQuote)}
        </p>
      ) : (
        quoted && (
          <p className={`submission-card__quote submission-card__quote--not-sent ${Classes.TEXT_SMALL}`}>
            {NOT_SENT_YET}
          </p>
        )
      )}
      {openQuestionsLine(submission.latestQuote) && (
        <p className={`submission-card__question ${Classes.TEXT_SMALL}`} role="status">
          {openQuestionsLine(submission.latestQuote)}
        </p>
      )}
      <div className="submission-card__actions">
        <Button
          intent={quoted ? Intent.NONE : Intent.PRIMARY}
          icon={quoted ? 'eye-open' : 'dollar'}
          text={quoted ? 'View Quote' : 'Create Quote'}
          onClick={() => onOpen(submission)}
        />
        <ContactMenu
          name={submission.customerName}
          phone={submission.phone}
          email={submission.email}
          placement="bottom-start"
        />
      </div>
    </Card>
  );
}
