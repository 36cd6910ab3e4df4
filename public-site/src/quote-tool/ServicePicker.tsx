import { PRICED_SURFACES, priceFor, type PricedSurface } from '@washdesk/contract';

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
      <legend>What should we price? (optional)</legend>
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
          {priceFor(surface).label}
        </label>
      ))}
    </fieldset>
  );
}
