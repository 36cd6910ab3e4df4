import { useId, useState, type FormEvent } from 'react';
import type { MessageId } from '../i18n/catalog.en.ts';
import { t } from '../i18n/i18n.ts';
import { askForLink } from './account-api.ts';
import { accountMessageIn } from './account-texts.ts';

/** "Text or e-mail me a sign-in link": the same answer whether or not we know the contact. */
export function LinkRequestForm({ submitLabel = 'account.link.send' }: { submitLabel?: MessageId }) {
  const id = useId();
  const [contact, setContact] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const result = await askForLink(contact);
      if (result.kind === 'asked') setAnswer(accountMessageIn(result.message));
      else setProblem(accountMessageIn(result.fields.contact ?? result.message));
    } catch {
      setProblem(t('account.link.failed'));
    } finally {
      setBusy(false);
    }
  };
  if (answer)
    return (
      <p className="sent-quote__banner sent-quote__banner--accepted" role="status">
        {answer}
      </p>
    );
  return (
    <form className="visit-page__form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="quote-field">
        <label className="quote-field__label" htmlFor={`${id}-contact`}>
          {t('account.link.contact')}
        </label>
        <input
          id={`${id}-contact`}
          name="contact"
          autoComplete="username"
          inputMode="email"
          value={contact}
          onChange={(event) => setContact(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          required
        />
        {problem && (
          <p className="field-error" id={`${id}-problem`} role="alert">
            {problem}
          </p>
        )}
      </div>
      <button type="submit" className="quote-button" disabled={busy}>
        {busy ? t('account.sending') : t(submitLabel)}
      </button>
    </form>
  );
}
