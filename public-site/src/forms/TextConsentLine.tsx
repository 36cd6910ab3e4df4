import { t } from '../i18n/i18n.ts';
import './text-consent-line.css';

/**
 * The forms' consent line for texts (field `textConsent`, optional, unticked by default): only a
 * number that ticked it, or called or texted the business itself, gets automatic texts.
 */
export function TextConsentLine({
  id,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="text-consent">
      <input
        id={id}
        type="checkbox"
        name="textConsent"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{t('common.textConsent')}</label>
    </div>
  );
}
