import { useState, type FormEvent } from 'react';
import type { PublicQuote } from '@washdesk/contract';
import { t } from '../i18n/i18n.ts';
import { askAboutQuote } from './quote-api.ts';
import { formatQuoteDate } from './QuoteDocument.tsx';

interface QuestionBoxProps {
  token: string;
  questions: PublicQuote['questions'];
  /** False in a staff preview: the customer's questions are shown, no form to ask in their name. */
  canAsk: boolean;
  onAsked: (quote: PublicQuote) => void;
}

/** "Ask a question": a message box; the office sees it on the submission at once. */
export function QuestionBox({ token, questions, canAsk, onAsked }: QuestionBoxProps) {
  const [question, setQuestion] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!question.trim()) {
      setProblem(t('quote.ask.missing'));
      return;
    }
    setSending(true);
    setProblem(null);
    setSent(false);
    try {
      const answer = await askAboutQuote(token, question);
      if (answer.kind === 'quote') {
        setQuestion('');
        setSent(true);
        onAsked(answer.quote);
      } else setProblem(answer.message);
    } catch {
      setProblem(t('quote.ask.notSent'));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="sent-quote__questions card" aria-labelledby="ask-heading">
      {/* Staff previewing the page see what the customer asked, not a form to ask in their name. */}
      <h2 id="ask-heading">{canAsk ? t('quote.ask.title') : t('quote.ask.fromCustomer')}</h2>
      {!canAsk && questions.length === 0 && <p className="sent-quote__muted">{t('quote.ask.none')}</p>}
      {questions.length > 0 && (
        <ul className="sent-quote__asked">
          {questions.map((q, i) => (
            <li key={i}>
              <span className="sent-quote__muted">{formatQuoteDate(q.askedAt)}</span>
              <p>{q.question}</p>
            </li>
          ))}
        </ul>
      )}
      {canAsk && (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor="quote-question">{t('quote.ask.question')}</label>
          <textarea
            id="quote-question"
            rows={4}
            maxLength={2000}
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'quote-question-problem' : undefined}
          />
          {problem && (
            <p id="quote-question-problem" className="sent-quote__problem" role="alert">
              {problem}
            </p>
          )}
          {sent && (
            <p className="sent-quote__sent" role="status">
              {t('quote.ask.thanks')}
            </p>
          )}
          <button type="submit" className="quote-button quote-button--secondary" disabled={sending}>
            {sending ? t('quote.ask.sending') : t('quote.ask.send')}
          </button>
        </form>
      )}
    </section>
  );
}
