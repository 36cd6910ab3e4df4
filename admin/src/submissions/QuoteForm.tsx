import { useEffect } from 'react';
import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { dollarAmount, type PhotoSubmissionRow } from '@washdesk/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useChange } from '../api/use-change.ts';
import { showFailureToast } from '../toaster.ts';
import { statsQueries } from '../dashboard/stats.queries.ts';
import { reportQueries } from '../reports/report.queries.ts';
import { useApi } from '../api/api-context.tsx';
import type { PriceSuggestion } from './price-suggestion.ts';
import { deliveryNotice, useSendQuote } from './SendQuoteForm.tsx';
import { sentQuoteQueries } from './sent-quote.queries.ts';
import { quoteSubmission, submissionQueries } from './submission.queries.ts';

const AMOUNT_REQUIRED = 'Enter the quoted amount';
// An empty box is "no amount" (spec: nothing is saved), not the zero a number coercion makes of it.
const quoteFormSchema = z.object({
  estimateAmount: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    dollarAmount(AMOUNT_REQUIRED),
  ),
});
type QuoteFormInput = z.input<typeof quoteFormSchema>;
type QuoteFormOutput = z.output<typeof quoteFormSchema>;

export const QUOTE_SAVED = 'Submission updated successfully';
export const QUOTE_FAILED = 'Failed to update submission';

interface QuoteFormProps {
  submission: PhotoSubmissionRow;
  suggestion: PriceSuggestion | null;
}

/**
 * The one price box of a submission not quoted yet. "Save Quote" stores the amount and marks it
 * quoted (spec: Photo Submissions) without sending anything; "Send quote" stores it the same way
 * and sends the customer the quote, so nobody has to type the price twice.
 */
export function QuoteForm({ submission, suggestion }: QuoteFormProps) {
  const api = useApi();
  const configured = useQuery(sentQuoteQueries.of(api, submission.id)).data?.deliveryConfigured;
  const form = useForm<QuoteFormInput, unknown, QuoteFormOutput>({
    resolver: zodResolver(quoteFormSchema),
    defaultValues: { estimateAmount: '' },
  });
  const { setValue } = form;
  useEffect(() => {
    if (suggestion) setValue('estimateAmount', String(suggestion.amount), { shouldValidate: true });
  }, [suggestion, setValue]);
  const { ref: amountRef, ...amountField } = form.register('estimateAmount');
  const save = useChange({
    change: (api, amount: number) => quoteSubmission(api, submission.id, amount),
    success: QUOTE_SAVED,
    // The card, the counts and the dashboard's figures all change with a quote.
    refetch: [submissionQueries.all, statsQueries.all, reportQueries.all],
    // The spec's fixed text: a server failure's detail helps nobody at the desk.
    onError: () => showFailureToast(QUOTE_FAILED),
  });
  const send = useSendQuote(submission.id, (message) => form.setError('estimateAmount', { message }));
  const problem = form.formState.errors.estimateAmount?.message;
  return (
    <form
      className="quote-form"
      onSubmit={form.handleSubmit(({ estimateAmount }) => save.mutate(estimateAmount))}
      noValidate
    >
      <FormGroup
        label="Quote amount"
        labelFor={`quote-amount-${submission.id}`}
        helperText={problem}
        intent={problem ? Intent.DANGER : Intent.NONE}
      >
        <InputGroup
          id={`quote-amount-${submission.id}`}
          // Text, not a number box: staff type amounts as the screens show them ("1,250").
          type="text"
          inputMode="decimal"
          autoComplete="off"
          leftIcon="dollar"
          placeholder="0.00"
          intent={problem ? Intent.DANGER : Intent.NONE}
          inputRef={amountRef}
          {...amountField}
        />
      </FormGroup>
      <div className="quote-form__actions">
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="tick"
          text="Save Quote"
          loading={save.isPending}
        />
        <Button
          icon="send-message"
          text="Send quote"
          loading={send.isPending}
          onClick={() =>
            void form.handleSubmit(({ estimateAmount }) => send.mutate(String(estimateAmount)))()
          }
        />
      </div>
      <p className="quote-form__hint">
        Save Quote keeps the price here and sends the customer nothing.
        {configured ? ` ${deliveryNotice(configured)}` : ''}
      </p>
    </form>
  );
}
