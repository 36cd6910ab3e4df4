import { t } from '../i18n/i18n.ts';
import type { PhotoFormMode } from './submit-photo-form.ts';

/**
 * The form's two ways to send: manual review first (Enter in a field means that one), then the
 * instant estimate. `sending` is the way being sent while an upload runs.
 */
export function PhotoFormButtons({
  sending,
  withAi,
  disabled,
}: {
  sending: PhotoFormMode | null;
  withAi: boolean;
  disabled: boolean;
}) {
  return (
    <div className="photo-form-buttons">
      <button
        type="submit"
        data-mode="manual"
        className="quote-button quote-button--secondary"
        disabled={disabled}
      >
        {t(sending === 'manual' ? 'photoForm.submitting' : 'photoForm.manual')}
      </button>
      <button type="submit" data-mode="analysis" className="quote-button" disabled={disabled}>
        {t(
          sending === 'analysis'
            ? withAi
              ? 'photoForm.analyzing'
              : 'photoForm.estimating'
            : withAi
              ? 'photoForm.getAi'
              : 'photoForm.getRough',
        )}
      </button>
    </div>
  );
}
