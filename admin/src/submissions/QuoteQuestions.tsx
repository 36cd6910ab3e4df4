import { useState } from 'react';
import { Button, Callout, Classes, FormGroup, H5, Intent, TextArea } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  quoteAnswerSchema,
  type PhotoSubmissionRow,
  type QuoteQuestion,
  type SentQuote,
} from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { fieldProblems } from '../api/problem-message.ts';
import { leadsKey } from '../leads/leads.queries.ts';
import { showFailureToast, showProblemToast, showSuccessToast } from '../toaster.ts';
import { answerQuestion, deliveryLine, formatQuoteTime } from './sent-quote.queries.ts';
import { submissionQueries } from './submission.queries.ts';

interface QuoteQuestionsProps {
  submission: PhotoSubmissionRow;
  quote: SentQuote;
  configured: { email: boolean; text: boolean };
}

/** The customer's questions on their quote, each with staff's answer or a box to answer it. */
export function QuoteQuestions({ submission, quote, configured }: QuoteQuestionsProps) {
  if (quote.questions.length === 0) return null;
  return (
    <>
      <H5>Questions from the customer</H5>
      <ul className={Classes.LIST_UNSTYLED} aria-label="Questions from the customer">
        {quote.questions.map((q) => (
          <li key={q.id} className="sent-quote-panel__question">
            <span className={Classes.TEXT_MUTED}>{formatQuoteTime(q.askedAt)}</span>
            <p>{q.question}</p>
            {q.answer !== null ? (
              <AnsweredLine question={q} />
            ) : (
              <AnswerForm submission={submission} question={q} configured={configured} />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function AnsweredLine({ question }: { question: QuoteQuestion }) {
  const how = question.answerDeliveries.length
    ? question.answerDeliveries.map(deliveryLine).join(' · ')
    : 'Answered by phone (nothing sent from here)';
  return (
    <div className="sent-quote-panel__answer" aria-label="Answer">
      <p className="sent-quote-panel__answer-text">{question.answer}</p>
      <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
        {question.answeredBy ?? 'Staff'}, {formatQuoteTime(question.answeredAt!)}: {how}
      </span>
    </div>
  );
}

/** Says how an answer can reach the customer from here, before anyone presses a button. */
function answerNotice({ email, text }: { email: boolean; text: boolean }) {
  if (email && text) return 'The answer is e-mailed and texted to the customer.';
  if (email) return 'The answer is e-mailed to the customer (text messages are not configured).';
  if (text) return 'The answer is texted to the customer (e-mail is not configured).';
  return 'E-mail and text messages are not configured on this server: call the customer or copy the answer to them yourself, then record it here.';
}

function AnswerForm({
  submission,
  question,
  configured,
}: {
  submission: PhotoSubmissionRow;
  question: QuoteQuestion;
  configured: { email: boolean; text: boolean };
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState('');
  const [problem, setProblem] = useState<string>();
  const canSend = configured.email || configured.text;
  const reply = useMutation({
    mutationFn: (how: 'send' | 'phoned') => answerQuestion(api, submission.id, question.id, { answer, how }),
    onSuccess: (_quote, how) => {
      showSuccessToast(how === 'send' ? 'Answer sent to the customer' : 'Answer recorded');
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: submissionQueries.all }),
        queryClient.invalidateQueries({ queryKey: leadsKey }),
      ]);
    },
    onError: (error) => {
      const field = fieldProblems(error).answer;
      if (field) setProblem(field);
      else showProblemToast(error);
    },
  });
  const submit = (how: 'send' | 'phoned') => {
    const parsed = quoteAnswerSchema.safeParse({ answer, how });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    reply.mutate(how);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(answer);
      showSuccessToast('Answer copied');
    } catch {
      showFailureToast('The browser would not copy the answer; select it and press Ctrl+C');
    }
  };
  const id = `answer-${question.id}`;
  return (
    <form
      className="sent-quote-panel__answer"
      onSubmit={(e) => e.preventDefault()}
      aria-label="Answer the question"
    >
      <Callout intent={canSend ? Intent.PRIMARY : Intent.WARNING} icon={canSend ? 'send-message' : 'phone'}>
        {answerNotice(configured)}
        {submission.phone ? ` Phone: ${submission.phone}.` : ''}
      </Callout>
      <FormGroup
        label="Your answer"
        labelFor={id}
        helperText={problem}
        intent={problem ? Intent.DANGER : Intent.NONE}
      >
        <TextArea
          id={id}
          fill
          rows={3}
          value={answer}
          intent={problem ? Intent.DANGER : Intent.NONE}
          onChange={(e) => {
            setAnswer(e.currentTarget.value);
            setProblem(undefined);
          }}
        />
      </FormGroup>
      <div className="quote-form__actions">
        {canSend && (
          <Button
            intent={Intent.PRIMARY}
            icon="send-message"
            text="Send answer"
            loading={reply.isPending && reply.variables === 'send'}
            onClick={() => submit('send')}
          />
        )}
        <Button
          icon="phone"
          text="Answered by phone"
          loading={reply.isPending && reply.variables === 'phoned'}
          onClick={() => submit('phoned')}
        />
        <Button
          icon="duplicate"
          text="Copy answer"
          variant="minimal"
          disabled={!answer.trim()}
          onClick={() => void copy()}
        />
      </div>
    </form>
  );
}
