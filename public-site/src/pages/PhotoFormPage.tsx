import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  formatDollarRange,
  formatDollars,
  formatSquareFeet,
  type PhotoAnalysisResponse,
} from '@washdesk/contract';
import { ChoiceGroup } from '../forms/ChoiceGroup.tsx';
import { TextField } from '../forms/TextField.tsx';
import { PageLayout } from '../layout/PageLayout.tsx';
import { PhotoFormThankYou } from '../photo-form/PhotoFormThankYou.tsx';
import { PricingBanner } from '../photo-form/PricingBanner.tsx';
import {
  checkPhotoForm,
  EMPTY_PHOTO_FORM,
  MAX_FORM_PHOTOS,
  photoFormBody,
  SERVICE_TYPE_CHOICES,
  STORY_CHOICES,
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

// Spec section 8.
const SUBMITTED = "Photos submitted successfully! We'll contact you soon with a quote.";
const SUBMIT_FAILED = 'Failed to submit photos. Please try again.';
const ANALYSIS_FAILED = {
  title: 'Analysis failed',
  text: 'Please try submitting photos normally or call us directly.',
};

const CHECK_THE_FORM = {
  title: 'Please check the form',
  text: 'Some details need attention; each is marked.',
};
const PHOTO_INPUT_ID = 'photo-form-photos';

/** Photos for a manual or AI-assisted estimate (spec: photo form). */
export function PhotoFormPage() {
  return (
    <PageLayout title="Photo Submission for Estimate" page="/photo-form">
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
      showToast({ title: 'Success', text: SUBMITTED, tone: 'success' });
      return setDone({ analysis: null, sent: data });
    }
    if (outcome.kind === 'analyzed') {
      const quote = outcome.analysis.detailedQuote;
      showToast(
        outcome.analysis.provider === 'openai'
          ? {
              title: 'AI Analysis Complete!',
              text: `${formatSquareFeet(quote.totalSquareFootage)} in total, estimated at ${formatDollars(quote.totalAmount)}.`,
              tone: 'success',
            }
          : {
              title: 'Rough Estimate Ready',
              text: `${formatDollarRange(quote.priceRange)} from your answers. We'll call you within ${hours} hours.`,
              tone: 'success',
            },
      );
      return setDone({ analysis: outcome.analysis, sent: data });
    }
    if (outcome.kind === 'refused') {
      // Something the customer can fix: the spec's failure toasts ("try submitting photos
      // normally") would send them into the same refusal. Say what it is, and where.
      const { photos: photoProblem, ...rest } = outcome.fields;
      if (photoProblem) selected.setProblems([photoProblem]);
      if (Object.keys(rest).length) showErrors(rest);
      else setFocusRequest({ id: PHOTO_INPUT_ID });
      return showToast({ ...CHECK_THE_FORM, text: photoProblem ?? CHECK_THE_FORM.text, tone: 'error' });
    }
    if (chosen === 'analysis') showToast({ ...ANALYSIS_FAILED, tone: 'error' });
    else showToast({ title: 'Error', text: SUBMIT_FAILED, tone: 'error' });
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
        <h1>Photo Submission for Estimate</h1>
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
      error={errors[field]}
      disabled={busy}
      onChange={(value) => change(field, value)}
      inputRef={register(field)}
      {...extra}
    />
  );
  const noPhotos = selected.photos.length === 0;
  return (
    <>
      <h1>Photo Submission for Estimate</h1>
      <p className="intro">
        Send us a few photos of your house, roof, deck or driveway.{' '}
        {withAi ? 'Our AI gives you an instant estimate' : 'Get an instant rough estimate from your answers'},
        or our team reviews your photos by hand and gets back to you.
      </p>
      <PricingBanner />
      <div className="photo-form-info">
        {withAi ? (
          <section className="photo-form-info__box" aria-labelledby="info-ai">
            <h2 id="info-ai">AI Analysis</h2>
            <p>
              Get an instant estimate: our AI measures the surfaces in your photos and prices them at the
              rates above.
            </p>
          </section>
        ) : (
          <section className="photo-form-info__box" aria-labelledby="info-ai">
            <h2 id="info-ai">Instant Rough Estimate</h2>
            <p>
              A price range at the rates above, from the service you choose and the size of your home. No one
              looks at your photos for it; our team does when confirming the price.
            </p>
          </section>
        )}
        <section className="photo-form-info__box" aria-labelledby="info-manual">
          <h2 id="info-manual">Manual Review</h2>
          <p>
            Prefer a person? Our team reviews your photos and contacts you within{' '}
            {profile?.followUpHours ?? 24} hours.
          </p>
        </section>
      </div>
      <form
        className="card wizard-form"
        aria-label="Photo submission"
        noValidate
        aria-busy={busy}
        onSubmit={onSubmit}
      >
        <div className="wizard-fields">
          {text('firstName', 'First Name', { required: true, autoComplete: 'given-name' })}
          {text('lastName', 'Last Name', { required: true, autoComplete: 'family-name' })}
          {text('phone', 'Phone', { required: true, type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
          {text('email', 'Email', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
          <div className="wizard-fields__wide">
            {text('address', 'Property Address', { autoComplete: 'street-address' })}
          </div>
        </div>
        <div>
          <ChoiceGroup
            name="serviceType"
            legend="Service Type"
            options={SERVICE_TYPE_CHOICES}
            value={data.serviceType}
            onChange={(value) => change('serviceType', value)}
            required
            disabled={busy}
          />
          {errors.serviceType && (
            <p id="photo-form-serviceType-error" className="field-error">
              {errors.serviceType}
            </p>
          )}
        </div>
        <fieldset className="photo-form-size" disabled={busy}>
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
                value={data.stories}
                aria-describedby="photo-form-size-hint"
                onChange={(event) => change('stories', event.target.value)}
              >
                <option value="">Not sure</option>
                {STORY_CHOICES.map((n, i) => (
                  <option key={n} value={n}>
                    {i === STORY_CHOICES.length - 1 ? `${n} or more` : n}
                  </option>
                ))}
              </select>
            </div>
            {text('squareFeet', 'Approximate square feet', {
              inputMode: 'numeric',
              placeholder: 'e.g. 2,000',
            })}
          </div>
        </fieldset>
        {text('notes', 'Notes', { rows: 3, placeholder: 'Anything we should know: moss, access, pets…' })}
        <div>
          <p className="quote-field__label">
            Photos{' '}
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
            processingText={
              mode === 'analysis'
                ? withAi
                  ? 'Photos uploaded. Analyzing them…'
                  : 'Photos uploaded. Working out your estimate…'
                : 'Photos uploaded. Saving…'
            }
          />
        )}
        {noPhotos && <p className="photo-form-hint">Add at least one photo to send the form.</p>}
        <div className="photo-form-buttons">
          <button
            type="submit"
            data-mode="manual"
            className="quote-button quote-button--secondary"
            disabled={busy || noPhotos}
          >
            {busy && mode === 'manual' ? 'Submitting...' : 'Submit for Manual Review'}
          </button>
          <button type="submit" data-mode="analysis" className="quote-button" disabled={busy || noPhotos}>
            {busy && mode === 'analysis'
              ? withAi
                ? 'Analyzing...'
                : 'Estimating...'
              : withAi
                ? 'Get Instant AI Estimate'
                : 'Get Instant Rough Estimate'}
          </button>
        </div>
      </form>
    </>
  );
}
