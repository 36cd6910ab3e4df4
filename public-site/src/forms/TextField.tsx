import type { HTMLInputTypeAttribute, Ref } from 'react';
import { t } from '../i18n/i18n.ts';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  /** Several lines, for notes and descriptions. */
  rows?: number;
  placeholder?: string;
  error?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
}

/** A labelled text input of the public forms; its error is tied to it for screen readers. */
export function TextField({
  id,
  label,
  value,
  onChange,
  required = false,
  type = 'text',
  autoComplete,
  inputMode,
  rows,
  placeholder,
  error,
  disabled,
  inputRef,
}: TextFieldProps) {
  const common = {
    id,
    name: id,
    ref: inputRef,
    value,
    disabled,
    autoComplete,
    placeholder,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  return (
    <div className={`quote-field${rows ? ' quote-field--wide' : ''}`}>
      <label htmlFor={id} className="quote-field__label">
        {label}
        {required ? (
          <span className="quote-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="quote-field__optional"> {t('common.optional')}</span>
        )}
      </label>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          inputMode={inputMode}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
