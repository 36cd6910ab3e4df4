import { useId, useState, type FormEvent } from 'react';
import { askForLink } from './account-api.ts';

/** "Text or e-mail me a sign-in link": the same answer whether or not we know the contact. */
export function LinkRequestForm({ submitLabel = 'Send me a sign-in link' }: { submitLabel?: string }) {
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
      if (result.kind === 'asked') setAnswer(result.message);
      else setProblem(result.fields.contact ?? result.message);
    } catch {
      setProblem('Your request could not be sent. Please check your connection and try again.');
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
          Mobile number or e-mail
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
        {busy ? 'Sending…' : submitLabel}
      </button>
    </form>
  );
}
