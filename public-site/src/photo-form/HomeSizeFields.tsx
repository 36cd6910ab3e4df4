import type { ReactNode } from 'react';
import { t } from '../i18n/i18n.ts';
import { STORY_CHOICES } from './photo-form-data.ts';

/** The optional size of the home (stories, and `squareFeet`: the form's own text field) for the instant estimate. */
export function HomeSizeFields({
  stories,
  onStories,
  disabled,
  squareFeet,
}: {
  stories: string;
  onStories: (value: string) => void;
  disabled: boolean;
  squareFeet: ReactNode;
}) {
  return (
    <fieldset className="photo-form-size" disabled={disabled}>
      <legend className="quote-field__label">
        {t('photoForm.size')} <span className="quote-field__optional">{t('common.optional')}</span>
      </legend>
      <p className="photo-form-hint" id="photo-form-size-hint">
        {t('photoForm.sizeHint')}
      </p>
      <div className="wizard-fields">
        <div className="quote-field">
          <label htmlFor="photo-form-stories" className="quote-field__label">
            {t('photoForm.stories')}
          </label>
          <select
            id="photo-form-stories"
            name="photo-form-stories"
            value={stories}
            aria-describedby="photo-form-size-hint"
            onChange={(event) => onStories(event.target.value)}
          >
            <option value="">{t('photoForm.notSure')}</option>
            {STORY_CHOICES.map((n, i) => (
              <option key={n} value={n}>
                {i === STORY_CHOICES.length - 1 ? t('photoForm.orMore', { count: n }) : n}
              </option>
            ))}
          </select>
        </div>
        {squareFeet}
      </div>
    </fieldset>
  );
}
