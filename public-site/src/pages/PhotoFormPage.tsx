import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PhotoAnalysisResponse } from '@washdesk/contract';
import { ChoiceGroup } from '../forms/ChoiceGroup.tsx';
import { TextField } from '../forms/TextField.tsx';
import { TextConsentLine } from '../forms/TextConsentLine.tsx';
import { t } from '../i18n/i18n.ts';
import { saidInPageLanguage } from '../i18n/said-in-english.ts';
import { PageLayout } from '../layout/PageLayout.tsx';
import { PhotoFormThankYou } from '../photo-form/PhotoFormThankYou.tsx';
import { HomeSizeFields } from '../photo-form/HomeSizeFields.tsx';
import { PhotoFormButtons } from '../photo-form/PhotoFormButtons.tsx';
import { PhotoFormIntro } from '../photo-form/PhotoFormIntro.tsx';
import {
  checkTheFormToast,
  estimateToast,
  failedToast,
  submittedToast,
} from '../photo-form/photo-form-toasts.ts';
import {
  checkPhotoForm,
  EMPTY_PHOTO_FORM,
  MAX_FORM_PHOTOS,
  photoFormBody,
  serviceTypeChoices,
  type PhotoFormData,
  type PhotoFormErrors,
  type PhotoFormField,
} from '../photo-form/photo-form-data.ts';
import { submitPhotoForm, type PhotoFormMode } from '../photo-form/submit-photo-form.ts';
import { UploadProgress } from '../photos/UploadProgress.tsx';
import { usePhotoUpload } from '../photos/use-photo-upload.ts';
import { useBusinessProfile } from '../profile/business-profile.tsx';
import { PhotoPicker } from '../quote-tool/PhotoPicker.tsx';
import { ToastProvider, useShowToast } from '../quote-tool/toast.tsx';
import { useSelectedPhotos } from '../quote-tool/use-selected-photos.ts';
import '../quote-tool/quote-tool.css';
import '../wizard/wizard.css';
import '../photo-form/photo-form.css';

const PHOTO_INPUT_ID = 'photo-form-photos';

/** Photos for a manual or AI-assisted estimate (spec: photo form). */
export function PhotoFormPage() {
  return (
    <PageLayout title={t('photoForm.title')} page="/photo-form">
      <ToastProvider>
        <PhotoForm />
      </ToastProvider>
    </PageLayout>
  );
}

function PhotoForm() {
  const profile = useBusinessProfile();
  const showToast = useShowToast();
  const selected = useSelectedPhotos(MAX_FORM_PHOTOS);
  const [data, setData] = useState<PhotoFormData>(EMPTY_PHOTO_FORM);
  const [errors, setErrors] = useState<PhotoFormErrors>({});
  const [mode, setMode] = useState<PhotoFormMode | null>(null);
  const upload = usePhotoUpload();
  const { phase, progress, busy } = upload;
  const [done, setDone] = useState<{ analysis: PhotoAnalysisResponse | null; sent: PhotoFormData } | null>(
    null,
  );
  // Until the profile says an AI model makes the instant estimates, nothing here claims one does.
  const withAi = profile?.instantQuotes === 'ai-model';
  const hours = profile?.followUpHours ?? 24;
  const fields = useRef(new Map<string, HTMLElement>());
  const thanksHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (done) thanksHeading.current?.focus();
  }, [done]);
  // After an upload, once the render has enabled the inputs again (a disabled one takes no focus).
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (focusRequest) document.getElementById(focusRequest.id)?.focus();
  }, [focusRequest]);

  const change = (field: PhotoFormField, value: string) => {
    setData((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };
  const register = (field: string) => (element: HTMLElement | null) => {
    if (element) fields.current.set(field, element);
    else fields.current.delete(field);
  };
  const showErrors = (found: PhotoFormErrors) => {
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first)
      (fields.current.get(first) ?? document.querySelector<HTMLElement>(`[name="${first}"]`))?.focus();
  };

  const send = async (chosen: PhotoFormMode) => {
    if (busy || selected.photos.length === 0) return;
    const found = checkPhotoForm(data);
    if (Object.keys(found).length) return showErrors(found);
    setErrors({});
    setMode(chosen);
    const result = await upload.send(
      selected.photos.map((photo) => photo.file),
      (ready, reporting) => submitPhotoForm(chosen, photoFormBody(data, ready), reporting),
    );
    if (!result.sent) return selected.setProblems(result.refusals);
    const { outcome } = result;
    if (outcome.kind === 'aborted') return;
    if (outcome.kind === 'submitted') {
      showToast(submittedToast());
      return setDone({ analysis: null, sent: data });
    }
    if (outcome.kind === 'analyzed') {
      showToast(estimateToast(outcome.analysis, hours));
      return setDone({ analysis: outcome.analysis, sent: data });
    }
    if (outcome.kind === 'refused') {
      const { photos: refusedPhoto, ...rest } = outcome.fields;
      // The server's words (English) in the page's language; the page's own are already.
      const photoProblem = refusedPhoto && saidInPageLanguage(refusedPhoto, 'common.problem.other');
      if (photoProblem) selected.setProblems([photoProblem]);
      if (Object.keys(rest).length) showErrors(rest);
      else setFocusRequest({ id: PHOTO_INPUT_ID });
      return showToast(checkTheFormToast(photoProblem));
    }
    showToast(failedToast(chosen));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter in a field means the manual submission, the form's first button.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    void send(submitter?.dataset.mode === 'analysis' ? 'analysis' : 'manual');
  };

  if (done) {
    return (
      <>
        <h1>{t('photoForm.title')}</h1>
        <PhotoFormThankYou analysis={done.analysis} sent={done.sent} headingRef={thanksHeading} />
      </>
    );
  }

  const text = (
    field: PhotoFormField,
    label: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      id={`photo-form-${field}`}
      label={label}
      value={data[field]}
      error={errors[field] && saidInPageLanguage(errors[field], 'common.problem.other')}
      disabled={busy}
      onChange={(value) => change(field, value)}
      inputRef={register(field)}
      {...extra}
    />
  );
  const noPhotos = selected.photos.length === 0;
  return (
    <>
      <h1>{t('photoForm.title')}</h1>
      <PhotoFormIntro withAi={withAi} followUpHours={hours} />
      <form
        className="card wizard-form"
        aria-label={t('photoForm.form')}
        noValidate
        aria-busy={busy}
        onSubmit={onSubmit}
      >
        <div className="wizard-fields">
          {text('firstName', t('wizard.firstName'), { required: true, autoComplete: 'given-name' })}
          {text('lastName', t('wizard.lastName'), { required: true, autoComplete: 'family-name' })}
          {text('phone', t('wizard.phone'), {
            required: true,
            type: 'tel',
            inputMode: 'tel',
            autoComplete: 'tel',
          })}
          {text('email', t('wizard.email'), { type: 'email', inputMode: 'email', autoComplete: 'email' })}
          <div className="wizard-fields__wide">
            {text('address', t('wizard.address'), { autoComplete: 'street-address' })}
          </div>
        </div>
        <div>
          <ChoiceGroup
            name="serviceType"
            legend={t('photoForm.serviceType')}
            options={serviceTypeChoices()}
            value={data.serviceType}
            onChange={(value) => change('serviceType', value)}
            required
            disabled={busy}
          />
          {errors.serviceType && (
            <p id="photo-form-serviceType-error" className="field-error">
              {saidInPageLanguage(errors.serviceType, 'common.problem.other')}
            </p>
          )}
        </div>
        <HomeSizeFields
          stories={data.stories}
          onStories={(value) => change('stories', value)}
          disabled={busy}
          squareFeet={text('squareFeet', t('photoForm.squareFeet'), {
            inputMode: 'numeric',
            placeholder: t('photoForm.squareFeetHint'),
          })}
        />
        {text('notes', t('photoForm.notes'), { rows: 3, placeholder: t('photoForm.notesHint') })}
        <TextConsentLine
          id="photo-form-textConsent"
          checked={data.textConsent === 'true'}
          disabled={busy}
          onChange={(on) => change('textConsent', on ? 'true' : '')}
        />
        <div>
          <p className="quote-field__label">
            {t('photoForm.photos')}{' '}
            <span className="quote-field__required" aria-hidden="true">
              *
            </span>
          </p>
          <PhotoPicker
            photos={selected.photos}
            problems={selected.problems}
            disabled={busy}
            onAdd={selected.add}
            onRemove={selected.remove}
            max={MAX_FORM_PHOTOS}
            idPrefix={PHOTO_INPUT_ID}
          />
        </div>
        {busy && (
          <UploadProgress
            phase={phase}
            progress={progress}
            processingText={t(
              mode === 'analysis'
                ? withAi
                  ? 'common.upload.analyzing'
                  : 'common.upload.estimating'
                : 'photoForm.saving',
            )}
          />
        )}
        {noPhotos && <p className="photo-form-hint">{t('photoForm.addOne')}</p>}
        <PhotoFormButtons sending={busy ? mode : null} withAi={withAi} disabled={busy || noPhotos} />
      </form>
    </>
  );
}
