import { Fragment } from 'react';
import { t } from '../i18n/i18n.ts';

interface Choice {
  value: string;
  label: string;
}

interface ChoiceGroupProps {
  name: string;
  legend: string;
  options: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
}

/** "Driveway/Concrete Cleaning" may wrap after its slash on a narrow tile. */
const breakableAtSlashes = (label: string) =>
  label.split('/').map((part, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <>
          /<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));

/** Radio buttons as large tappable tiles: one choice from a short fixed list. */
export function ChoiceGroup({
  name,
  legend,
  options,
  value,
  onChange,
  required,
  disabled,
}: ChoiceGroupProps) {
  return (
    <fieldset className="choice-group" disabled={disabled}>
      <legend className="quote-field__label">
        {legend}
        {required ? (
          <span className="quote-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="quote-field__optional"> {t('common.optional')}</span>
        )}
      </legend>
      <div className="choice-group__options">
        {options.map((option) => (
          <label key={option.value} className="choice-group__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              required={required}
              onChange={() => onChange(option.value)}
            />
            <span>{breakableAtSlashes(option.label)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
