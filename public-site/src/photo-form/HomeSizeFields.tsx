import type { ReactNode } from 'react';
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
        Size of your home <span className="quote-field__optional">(optional)</span>
      </legend>
      <p className="photo-form-hint" id="photo-form-size-hint">
        Helps the instant estimate; leave blank if unsure.
      </p>
      <div className="wizard-fields">
        <div className="quote-field">
          <label htmlFor="photo-form-stories" className="quote-field__label">
            Stories
          </label>
          <select
            id="photo-form-stories"
            name="photo-form-stories"
            value={stories}
            aria-describedby="photo-form-size-hint"
            onChange={(event) => onStories(event.target.value)}
          >
            <option value="">Not sure</option>
            {STORY_CHOICES.map((n, i) => (
              <option key={n} value={n}>
                {i === STORY_CHOICES.length - 1 ? `${n} or more` : n}
              </option>
            ))}
          </select>
        </div>
        {squareFeet}
      </div>
    </fieldset>
  );
}
