import { useState, type FormEvent } from 'react';
import { t } from '../i18n/i18n.ts';

interface AcceptQuoteFormProps {
  accepting: boolean;
  onAccept: (fullName: string) => void;
}

/**
 * "Accept quote": the customer types their full name and ticks the box, the two things a dispute
 * will ask for (the server keeps them with the time, the address and what the page showed).
 */
export function AcceptQuoteForm({ accepting, onAccept }: AcceptQuoteFormProps) {
  const [fullName, setFullName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [problems, setProblems] = useState<{ fullName?: string; agreed?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(fullName.trim().length < 2 && { fullName: t('quote.accept.fullNameMissing') }),
      ...(!agreed && { agreed: t('quote.accept.agreedMissing') }),
    };
    setProblems(found);
    if (!found.fullName && !found.agreed) onAccept(fullName.trim());
  };

  return (
    <form
      className="sent-quote__accept card"
      aria-label={t('quote.accept.form')}
      onSubmit={submit}
      noValidate
    >
      <h2>{t('quote.accept.form')}</h2>
      <div className="quote-field">
        <label className="quote-field__label" htmlFor="accept-name">
          {t('quote.accept.fullName')}
        </label>
        <input
          id="accept-name"
          autoComplete="name"
          value={fullName}
          aria-invalid={Boolean(problems.fullName)}
          aria-describedby={problems.fullName ? 'accept-name-error' : undefined}
          onChange={(event) => setFullName(event.target.value)}
        />
        {problems.fullName && (
          <p id="accept-name-error" className="field-error">
            {problems.fullName}
          </p>
        )}
      </div>
      <label className="sent-quote__agree">
        <input
          type="checkbox"
          checked={agreed}
          aria-invalid={Boolean(problems.agreed)}
          aria-describedby={problems.agreed ? 'accept-agree-error' : undefined}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        <span>{t('quote.accept.agree')}</span>
      </label>
      {problems.agreed && (
        <p id="accept-agree-error" className="field-error">
          {problems.agreed}
        </p>
      )}
      <button type="submit" className="quote-button" disabled={accepting}>
        {accepting ? t('quote.accept.accepting') : t('quote.accept.accept')}
      </button>
    </form>
  );
}
