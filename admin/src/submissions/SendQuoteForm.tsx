import { useState } from 'react';
import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendQuoteSchema, type PhotoSubmissionRow } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { fieldProblems } from '../api/problem-message.ts';
import { leadsKey } from '../leads/leads.queries.ts';
import { showProblemToast, showSuccessToast } from '../toaster.ts';
import type { PriceSuggestion } from './price-suggestion.ts';
import { sendQuote } from './sent-quote.queries.ts';
import { submissionQueries } from './submission.queries.ts';

interface SendQuoteFormProps {
  submission: PhotoSubmissionRow;
  suggestion: PriceSuggestion | null;
  configured: { email: boolean; text: boolean };
  /** Whether a quote was sent before: sending again replaces it. */
  resend: boolean;
}

/** Says which ways of sending work here, before anyone presses the button. */
export function deliveryNotice({ email, text }: { email: boolean; text: boolean }) {
  if (email && text) return 'The quote is e-mailed and texted to the customer; you can also copy its link.';
  if (email)
    return 'The quote is e-mailed to the customer. Text messages are not configured (Twilio): copy the link to text it yourself.';
  if (text)
    return 'The quote is texted to the customer. E-mail is not configured (SMTP_URL): copy the link to e-mail it yourself.';
  return 'E-mail and text messages are not configured on this server: nothing is sent. Send the quote, then copy its link to the customer yourself.';
}

/**
 * Sends a quote at this amount; the toast says whether it reached the customer. A refusal of the
 * amount goes to `onAmountProblem` (under the price box), anything else to a toast.
 */
export function useSendQuote(submissionId: number, onAmountProblem: (message: string) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (estimateAmount: string) => sendQuote(api, submissionId, estimateAmount),
    onSuccess: ({ quote }) => {
      const sent = quote.deliveries.filter((d) => d.outcome === 'sent').length;
      showSuccessToast(sent ? 'Quote sent' : 'Quote ready: copy its link to the customer');
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: submissionQueries.all }),
        queryClient.invalidateQueries({ queryKey: leadsKey }),
      ]);
    },
    onError: (error) => {
      const field = fieldProblems(error).estimateAmount;
      if (field) onAmountProblem(field);
      else showProblemToast(error);
    },
  });
}

/**
 * "Send quote" once a price is saved, or "Send new quote" after one was sent: the price box here
 * is the dialog's only one at that point (the quote form is hidden once quoted).
 */
export function SendQuoteForm({ submission, suggestion, configured, resend }: SendQuoteFormProps) {
  const [amount, setAmount] = useState(submission.estimateAmount?.toString() ?? '');
  const [problem, setProblem] = useState<string>();
  // A press of "Use suggested price", or an amount saved with "Save Quote", becomes the amount to
  // send (adjusted while rendering, as React advises, not in an effect).
  const [source, setSource] = useState({ suggestion, saved: submission.estimateAmount });
  if (source.suggestion !== suggestion || source.saved !== submission.estimateAmount) {
    setSource({ suggestion, saved: submission.estimateAmount });
    if (suggestion && suggestion !== source.suggestion) setAmount(String(suggestion.amount));
    else if (submission.estimateAmount !== null) setAmount(String(submission.estimateAmount));
  }
  const send = useSendQuote(submission.id, setProblem);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = sendQuoteSchema.safeParse({ estimateAmount: amount });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    send.mutate(amount);
  };
  const id = `send-quote-amount-${submission.id}`;
  return (
    <form className="send-quote" onSubmit={submit} noValidate aria-label="Send quote">
      <Callout
        intent={configured.email || configured.text ? Intent.PRIMARY : Intent.WARNING}
        icon={configured.email || configured.text ? 'send-message' : 'link'}
        className="send-quote__notice"
      >
        {deliveryNotice(configured)}
      </Callout>
      <FormGroup
        label="Quoted price"
        labelFor={id}
        helperText={problem ?? (resend ? 'Sending again replaces the quote sent before.' : undefined)}
        intent={problem ? Intent.DANGER : Intent.NONE}
      >
        <InputGroup
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          leftIcon="dollar"
          placeholder="0.00"
          value={amount}
          intent={problem ? Intent.DANGER : Intent.NONE}
          onValueChange={(value) => {
            setAmount(value);
            setProblem(undefined);
          }}
        />
      </FormGroup>
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        icon="send-message"
        text={resend ? 'Send new quote' : 'Send quote'}
        loading={send.isPending}
      />
    </form>
  );
}
