import { useRef, useState } from 'react';
import { Button, Callout, Classes, H5, InputGroup, Intent, Tag } from '@blueprintjs/core';
import {
  formatCents,
  LEAD_STAGE_OPTIONS,
  type LeadStage,
  type PhotoSubmissionRow,
  type SentQuote,
} from '@washdesk/contract';
import { AppointmentDialog } from '../appointments/AppointmentDialog.tsx';
import { showFailureToast, showSuccessToast } from '../toaster.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { QuoteQuestions } from './QuoteQuestions.tsx';
import { QuoteFollowUps } from './QuoteFollowUps.tsx';
import { deliveryLine, formatQuoteTime, jobBookingOf, recordLinkCopied } from './sent-quote.queries.ts';
import { submissionQueries } from './submission.queries.ts';

const STATE_TAG = {
  open: { text: 'Waiting for the customer', intent: Intent.PRIMARY },
  accepted: { text: 'Accepted', intent: Intent.SUCCESS },
  superseded: { text: 'Replaced by a newer quote', intent: Intent.NONE },
  expired: { text: 'Expired', intent: Intent.WARNING },
} as const;

interface SentQuotePanelProps {
  submission: PhotoSubmissionRow;
  quote: SentQuote;
  leadStage: LeadStage | null;
  configured: { email: boolean; text: boolean };
}

/** The newest quote sent for a submission: its link, what happened to it, and the customer's replies. */
export function SentQuotePanel({ submission, quote, leadStage, configured }: SentQuotePanelProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const linkInput = useRef<HTMLInputElement>(null);
  // A copied link is how the customer gets a quote this server did not send: it is recorded, so
  // the card says they can have it.
  const copied = useMutation({
    mutationFn: () => recordLinkCopied(api, submission.id, quote.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: submissionQueries.all }),
  });
  const [booking, setBooking] = useState(false);
  const tag = STATE_TAG[quote.state];
  const copy = async () => {
    try {
      // Only secure pages (https, localhost) may write to the clipboard.
      await navigator.clipboard.writeText(quote.link);
      showSuccessToast('Link copied');
      copied.mutate();
    } catch {
      linkInput.current?.select();
      showFailureToast('The browser would not copy the link; it is selected, press Ctrl+C to copy it');
    }
  };
  return (
    <section className="sent-quote-panel" aria-label="Sent quote">
      <div className="sent-quote-panel__head">
        <H5>Quote {formatCents(quote.amountCents)}</H5>
        <Tag intent={tag.intent} round>
          {tag.text}
        </Tag>
        {leadStage && (
          <Tag minimal round intent={leadStage === 'won' ? Intent.SUCCESS : Intent.NONE}>
            Lead: {LEAD_STAGE_OPTIONS.find((o) => o.value === leadStage)?.label ?? leadStage}
          </Tag>
        )}
      </div>
      <InputGroup
        readOnly
        value={quote.link}
        inputRef={linkInput}
        aria-label="Quote link"
        onFocus={(event) => event.target.select()}
        rightElement={
          <Button icon="duplicate" text="Copy link" variant="minimal" onClick={() => void copy()} />
        }
      />
      <dl className="submission-details__facts sent-quote-panel__times">
        <dt>Sent</dt>
        <dd>
          {formatQuoteTime(quote.sentAt)}
          {quote.sentBy ? ` by ${quote.sentBy}` : ''}
        </dd>
        <dt>Opened</dt>
        <dd>{quote.openedAt ? formatQuoteTime(quote.openedAt) : 'Not opened yet'}</dd>
        <dt>Accepted</dt>
        <dd>
          {quote.acceptedAt
            ? `${formatQuoteTime(quote.acceptedAt)}${quote.acceptance ? ` by ${quote.acceptance.name}` : ''}`
            : 'Not accepted'}
        </dd>
        <dt>Valid until</dt>
        <dd>{formatQuoteTime(quote.validUntil)}</dd>
      </dl>
      <ul className={`${Classes.LIST_UNSTYLED} sent-quote-panel__deliveries`} aria-label="Deliveries">
        {quote.deliveries.map((d, i) => (
          <li key={i} className={d.outcome === 'failed' ? 'sent-quote-panel__failed' : undefined}>
            {deliveryLine(d)}
          </li>
        ))}
      </ul>
      <QuoteFollowUps quoteId={quote.id} />
      <QuoteQuestions submission={submission} quote={quote} configured={configured} />
      {quote.state === 'accepted' && (
        <Callout intent={Intent.SUCCESS} icon="endorsed" title="The customer accepted this quote">
          <p>Book the job while they are keen.</p>
          <Button
            intent={Intent.SUCCESS}
            icon="calendar"
            text="Book the job"
            onClick={() => setBooking(true)}
          />
        </Callout>
      )}
      <AppointmentDialog
        isOpen={booking}
        onClose={() => setBooking(false)}
        prefill={jobBookingOf(submission, quote)}
      />
    </section>
  );
}
