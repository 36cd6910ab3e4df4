import { PRICED_SURFACES, type PricedSurface } from '@washdesk/contract';
import { t } from '../i18n/i18n.ts';

interface ServicePickerProps {
  picked: readonly PricedSurface[];
  disabled: boolean;
  onChange: (picked: PricedSurface[]) => void;
}

/**
 * What the customer wants priced (issue 34, item 6): only the services ticked are priced. None
 * ticked: the notes say what ("just the driveway, about 800 sq ft"), else the typical house and driveway.
 */
export function ServicePicker({ picked, disabled, onChange }: ServicePickerProps) {
  return (
    <fieldset className="quote-form__group quote-form__services">
      <legend>{t('quoteTool.services')}</legend>
      {PRICED_SURFACES.map((surface) => (
        <label key={surface} className="quote-form__service">
          <input
            type="checkbox"
            name="services"
            value={surface}
            checked={picked.includes(surface)}
            disabled={disabled}
            onChange={(e) =>
              onChange(
                e.target.checked
                  ? PRICED_SURFACES.filter((s) => s === surface || picked.includes(s))
                  : picked.filter((s) => s !== surface),
              )
            }
          />{' '}
          {t(`option.surface.${surface}`)}
        </label>
      ))}
    </fieldset>
  );
}
