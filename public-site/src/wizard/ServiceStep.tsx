import { PROPERTY_TYPE_OPTIONS, URGENCY_OPTIONS, WIZARD_SERVICE_OPTIONS } from '@washdesk/contract';
import { ChoiceGroup } from '../forms/ChoiceGroup.tsx';
import { t } from '../i18n/i18n.ts';
import { optionsIn } from '../i18n/options.ts';
import { TextField } from '../forms/TextField.tsx';
import { PhotoPicker, type SelectedPhoto } from '../quote-tool/PhotoPicker.tsx';
import type { StepProps } from './ContactStep.tsx';
import { MAX_REQUEST_PHOTOS, type WizardData } from './wizard-data.ts';

interface ServiceStepProps extends StepProps {
  photos: readonly SelectedPhoto[];
  photoProblems: readonly string[];
  onAddPhotos: (files: File[]) => Promise<void>;
  onRemovePhoto: (photo: SelectedPhoto) => void;
}

/** Step 2 "Service Details": a service is needed; the rest helps us quote. */
export function ServiceStep({ data, errors, onChange, ...photos }: ServiceStepProps) {
  const choose = (field: keyof WizardData) => (value: string) => onChange(field, value);
  return (
    <div className="wizard-fields wizard-fields--stacked">
      <ChoiceGroup
        name="serviceType"
        legend={t('wizard.serviceNeeded')}
        options={optionsIn('service', WIZARD_SERVICE_OPTIONS)}
        value={data.serviceType}
        onChange={choose('serviceType')}
        required
      />
      {errors.serviceType && <p className="field-error">{errors.serviceType}</p>}
      <ChoiceGroup
        name="propertyType"
        legend={t('wizard.propertyType')}
        options={optionsIn('property', PROPERTY_TYPE_OPTIONS)}
        value={data.propertyType}
        onChange={choose('propertyType')}
      />
      <ChoiceGroup
        name="urgency"
        legend={t('wizard.timeline')}
        options={optionsIn('urgency', URGENCY_OPTIONS)}
        value={data.urgency}
        onChange={choose('urgency')}
      />
      <TextField
        id="wizard-description"
        label={t('wizard.description')}
        rows={3}
        value={data.description}
        error={errors.description}
        placeholder={t('wizard.descriptionHint')}
        onChange={choose('description')}
      />
      <div>
        <p className="quote-field__label">
          {t('wizard.photos')} <span className="quote-field__optional">{t('wizard.photosOptional')}</span>
        </p>
        <PhotoPicker
          photos={photos.photos}
          problems={photos.photoProblems}
          disabled={false}
          onAdd={photos.onAddPhotos}
          onRemove={photos.onRemovePhoto}
          max={MAX_REQUEST_PHOTOS}
          idPrefix="wizard-photos"
          addLabel={t('wizard.addPhotos')}
        />
      </div>
    </div>
  );
}
