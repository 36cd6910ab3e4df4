import { useState, type FormEvent } from 'react';
import type { CustomerAccount } from '@washdesk/contract';
import type { MessageId } from '../i18n/catalog.en.ts';
import { t } from '../i18n/i18n.ts';
import { change } from './account-api.ts';
import { accountMessageIn } from './account-texts.ts';

/** A message to the office: it lands in the office's texts, as a text from the customer does. */
export function MessageBox() {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setAnswer(null);
    try {
      const result = await change('messages', { message });
      if (result.kind === 'done') {
        setAnswer({ ok: true, text: accountMessageIn(result.message) });
        setMessage('');
      } else setAnswer({ ok: false, text: accountMessageIn(result.fields.message ?? result.message) });
    } catch {
      setAnswer({ ok: false, text: t('account.message.failed') });
    }
    setBusy(false);
  };
  return (
    <section aria-labelledby="account-message" className="account__section">
      <h2 id="account-message">{t('account.message')}</h2>
      <form className="visit-page__form" onSubmit={(event) => void send(event)} noValidate>
        <div className="quote-field">
          <label className="quote-field__label" htmlFor="account-message-text">
            {t('account.message.label')}
          </label>
          <textarea
            id="account-message-text"
            rows={3}
            maxLength={1000}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </div>
        {answer && (
          <p className={answer.ok ? 'sent-quote__sent' : 'field-error'} role={answer.ok ? 'status' : 'alert'}>
            {answer.text}
          </p>
        )}
        <button type="submit" className="quote-button quote-button--secondary" disabled={busy}>
          {busy ? t('account.sending') : t('account.message.send')}
        </button>
      </form>
    </section>
  );
}

const FIELDS = [
  { name: 'name', label: 'account.contact.name', autoComplete: 'name', type: 'text' },
  { name: 'phone', label: 'account.contact.phone', autoComplete: 'tel', type: 'tel' },
  { name: 'email', label: 'account.contact.email', autoComplete: 'email', type: 'email' },
  { name: 'address', label: 'account.contact.address', autoComplete: 'street-address', type: 'text' },
] as const satisfies readonly { name: string; label: MessageId; autoComplete: string; type: string }[];
type Field = (typeof FIELDS)[number]['name'];

/** New contact details, behind the last 4 digits of the phone number on file. */
export function ContactForm({
  customer,
  onSaved,
}: {
  customer: CustomerAccount['customer'];
  onSaved: () => void;
}) {
  const [values, setValues] = useState<Record<Field | 'phoneLastFour', string>>({
    name: customer.name ?? '',
    phone: '',
    email: customer.email ?? '',
    address: customer.address ?? '',
    phoneLastFour: '',
  });
  const [busy, setBusy] = useState(false);
  // Drawn when opened: most visits never change their details, and a phone draws less at first.
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setAnswer(null);
    setFields({});
    try {
      // A blank new number keeps the one on file (the server's rule).
      const result = await change('contact', values);
      if (result.kind === 'done') {
        setAnswer({ ok: true, text: accountMessageIn(result.message) });
        onSaved();
      } else {
        setFields(
          Object.fromEntries(Object.entries(result.fields).map(([k, v]) => [k, accountMessageIn(v)])),
        );
        setAnswer({ ok: false, text: accountMessageIn(result.message) });
      }
    } catch {
      setAnswer({ ok: false, text: t('account.contact.failed') });
    }
    setBusy(false);
  };
  const input = (name: Field | 'phoneLastFour', label: string, props: Record<string, string>) => (
    <div className="quote-field" key={name}>
      <label className="quote-field__label" htmlFor={`account-${name}`}>
        {label}
      </label>
      <input
        id={`account-${name}`}
        value={values[name]}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        aria-invalid={fields[name] ? true : undefined}
        aria-describedby={fields[name] ? `account-${name}-problem` : undefined}
        {...props}
      />
      {fields[name] && (
        <p className="field-error" id={`account-${name}-problem`}>
          {fields[name]}
        </p>
      )}
    </div>
  );
  return (
    <details
      className="account__section account__details"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>{t('account.contact')}</summary>
      {open && (
        <form className="visit-page__form" onSubmit={(event) => void save(event)} noValidate>
          {FIELDS.map((f) =>
            input(f.name, t(f.label), {
              autoComplete: f.autoComplete,
              type: f.type,
            }),
          )}
          {input(
            'phoneLastFour',
            customer.phoneLastFour ? t('account.contact.lastFourConfirm') : t('account.contact.lastFour'),
            { inputMode: 'numeric', autoComplete: 'off', maxLength: '4' },
          )}
          {answer && (
            <p
              className={answer.ok ? 'sent-quote__sent' : 'field-error'}
              role={answer.ok ? 'status' : 'alert'}
            >
              {answer.text}
            </p>
          )}
          <button type="submit" className="quote-button quote-button--secondary" disabled={busy}>
            {busy ? t('account.contact.saving') : t('account.contact.save')}
          </button>
        </form>
      )}
    </details>
  );
}
