import { t } from '../i18n/i18n.ts';
import type { MessageId } from '../i18n/catalog.en.ts';
import { saidInPageLanguage } from '../i18n/said-in-english.ts';

export const CONTACT_FIELDS = ['name', 'phone', 'email', 'address', 'notes'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactDetails = Record<ContactField, string>;

export const EMPTY_CONTACT: ContactDetails = { name: '', phone: '', email: '', address: '', notes: '' };

interface FieldSpec {
  /** Its words in the catalogs. */
  label: MessageId;
  required?: boolean;
  type?: 'text' | 'tel' | 'email';
  autoComplete: string;
  inputMode?: 'tel' | 'email';
  multiline?: boolean;
}

const FIELDS: Record<ContactField, FieldSpec> = {
  name: { label: 'quoteTool.field.name', required: true, autoComplete: 'name' },
  phone: {
    label: 'quoteTool.field.phone',
    required: true,
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
  },
  email: { label: 'quoteTool.field.email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  address: { label: 'quoteTool.field.address', autoComplete: 'street-address' },
  notes: { label: 'quoteTool.field.notes', autoComplete: 'off', multiline: true },
};

export const contactInputId = (field: ContactField) => `quote-${field}`;

interface ContactFieldsProps {
  values: ContactDetails;
  errors: Partial<Record<ContactField, string>>;
  disabled: boolean;
  compact: boolean;
  onChange: (field: ContactField, value: string) => void;
  /** Where the form keeps each field's element, to move focus to a field with a problem. */
  registerField: (field: ContactField, element: HTMLInputElement | HTMLTextAreaElement | null) => void;
}

export function ContactFields({
  values,
  errors,
  disabled,
  compact,
  onChange,
  registerField,
}: ContactFieldsProps) {
  return (
    <div className="quote-contact">
      {CONTACT_FIELDS.map((field) => {
        const spec = FIELDS[field];
        const id = contactInputId(field);
        const error = errors[field];
        const common = {
          id,
          ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => registerField(field, element),
          name: field,
          value: values[field],
          disabled,
          autoComplete: spec.autoComplete,
          'aria-required': spec.required || undefined,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        };
        return (
          <div key={field} className={`quote-field${spec.multiline ? ' quote-field--wide' : ''}`}>
            <label htmlFor={id} className="quote-field__label">
              {t(spec.label)}
              {spec.required ? (
                <span className="quote-field__required" aria-hidden="true">
                  {' '}
                  *
                </span>
              ) : (
                <span className="quote-field__optional"> {t('common.optional')}</span>
              )}
            </label>
            {spec.multiline ? (
              <textarea
                {...common}
                rows={compact ? 2 : 3}
                placeholder={compact ? undefined : t('quoteToolPage.notesHint')}
                onChange={(event) => onChange(field, event.target.value)}
              />
            ) : (
              <input
                {...common}
                type={spec.type ?? 'text'}
                inputMode={spec.inputMode}
                onChange={(event) => onChange(field, event.target.value)}
              />
            )}
            {error && (
              <p id={`${id}-error`} className="field-error">
                {saidInPageLanguage(error, 'common.problem.other')}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
