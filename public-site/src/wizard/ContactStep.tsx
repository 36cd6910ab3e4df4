import { TextField } from '../forms/TextField.tsx';
import { TextConsentLine } from '../forms/TextConsentLine.tsx';
import { t } from '../i18n/i18n.ts';
import type { WizardData } from './wizard-data.ts';

interface StepProps {
  data: WizardData;
  errors: Partial<Record<keyof WizardData, string>>;
  onChange: (field: keyof WizardData, value: string) => void;
}

/** Step 1 "Your Information": all five fields are needed to go on (spec section 5). */
export function ContactStep({ data, errors, onChange }: StepProps) {
  const field = (
    key: 'firstName' | 'lastName' | 'email' | 'phone' | 'address',
    label: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      id={`wizard-${key}`}
      label={label}
      value={data[key]}
      error={errors[key]}
      onChange={(value) => onChange(key, value)}
      required
      {...extra}
    />
  );
  return (
    <div className="wizard-fields">
      {field('firstName', t('wizard.firstName'), { autoComplete: 'given-name' })}
      {field('lastName', t('wizard.lastName'), { autoComplete: 'family-name' })}
      {field('email', t('wizard.email'), { type: 'email', inputMode: 'email', autoComplete: 'email' })}
      {field('phone', t('wizard.phone'), { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
      <div className="wizard-fields__wide">
        {field('address', t('wizard.address'), { autoComplete: 'street-address' })}
      </div>
      <div className="wizard-fields__wide">
        <TextConsentLine
          id="wizard-textConsent"
          checked={data.textConsent === 'true'}
          onChange={(on) => onChange('textConsent', on ? 'true' : '')}
        />
      </div>
    </div>
  );
}

export type { StepProps };
