import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n/i18n.ts';
import { PageLayout } from '../layout/PageLayout.tsx';
import { PhoneLink } from '../layout/PhoneLink.tsx';
import { UploadProgress } from '../photos/UploadProgress.tsx';
import { usePhotoUpload } from '../photos/use-photo-upload.ts';
import { useBusinessProfile } from '../profile/business-profile.tsx';
import { useSelectedPhotos } from '../quote-tool/use-selected-photos.ts';
import { ContactStep } from '../wizard/ContactStep.tsx';
import { ScheduleStep } from '../wizard/ScheduleStep.tsx';
import { ServiceStep } from '../wizard/ServiceStep.tsx';
import { SubmittedStep } from '../wizard/SubmittedStep.tsx';
import { submitRequest } from '../wizard/submit-request.ts';
import {
  EMPTY_WIZARD_DATA,
  MAX_REQUEST_PHOTOS,
  requestBody,
  stepComplete,
  stepOfField,
  stepProblems,
  SUBMITTED_STEP,
  WIZARD_STEPS,
  type WizardData,
  type WizardErrors,
} from '../wizard/wizard-data.ts';
import '../quote-tool/quote-tool.css';
import '../wizard/wizard.css';

/** The customer request wizard (spec: three numbered steps, then a confirmation). */
export function RequestWizardPage() {
  const profile = useBusinessProfile();
  const [step, setStep] = useState(1);
  const [data, setData] = useState<WizardData>(EMPTY_WIZARD_DATA);
  const [errors, setErrors] = useState<WizardErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const upload = usePhotoUpload();
  const { phase, progress, busy } = upload;
  const selected = useSelectedPhotos(MAX_REQUEST_PHOTOS);
  const stepHeading = useRef<HTMLHeadingElement>(null);

  // A new step's heading takes the focus, so keyboard and screen-reader users start at its top.
  const movedByVisitor = useRef(false);
  useEffect(() => {
    if (movedByVisitor.current) stepHeading.current?.focus();
  }, [step]);
  const goTo = (next: number) => {
    movedByVisitor.current = true;
    setStep(next);
  };

  const change = (field: keyof WizardData, value: string) => {
    setData((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  /** Next: on to the following step, or each problem under its field and the first one focused. */
  const next = () => {
    const problems = stepProblems(step, data);
    const first = Object.keys(problems)[0];
    if (!first) return goTo(step + 1);
    setErrors(problems);
    document.getElementById(`wizard-${first}`)?.focus();
  };

  const submit = async () => {
    if (busy) return;
    setFailure(null);
    const result = await upload.send(
      selected.photos.map((photo) => photo.file),
      (ready, reporting) => submitRequest(requestBody(data, ready), reporting),
    );
    if (!result.sent) {
      selected.setProblems(result.refusals);
      setFailure(t('wizard.photoTooLarge'));
      return;
    }
    const { outcome } = result;
    if (outcome.kind === 'aborted') return;
    if (outcome.kind === 'stored') return goTo(SUBMITTED_STEP);
    if (outcome.kind === 'refused') {
      // Back to the first step with a refused answer, each message under its field.
      setErrors(outcome.fields);
      setFailure(Object.values(outcome.fields).join(' '));
      return goTo(Math.min(...Object.keys(outcome.fields).map(stepOfField)));
    }
    setFailure(t('wizard.notSent'));
  };

  return (
    <PageLayout title={t('wizard.title')} page="/">
      <h1>{t('wizard.title')}</h1>
      <p className="intro">{t('wizard.intro', { hours: profile?.followUpHours ?? 24 })}</p>
      <ol className="wizard-steps" aria-label={t('wizard.steps')}>
        {WIZARD_STEPS.map((label, index) => (
          <li
            key={label}
            aria-current={index + 1 === step ? 'step' : undefined}
            className={index + 1 < step ? 'wizard-steps--done' : undefined}
          >
            <span className="wizard-steps__number">{index + 1}</span>{' '}
            <span className="wizard-steps__label">{t(label)}</span>
          </li>
        ))}
      </ol>
      {step === SUBMITTED_STEP ? (
        <SubmittedStep headingRef={stepHeading} />
      ) : (
        <form
          className="card wizard-form"
          aria-labelledby="wizard-step-heading"
          noValidate
          aria-busy={busy}
          onSubmit={(event) => {
            event.preventDefault();
            if (step < WIZARD_STEPS.length) {
              if (stepComplete(step, data)) next();
            } else void submit();
          }}
        >
          <h2 id="wizard-step-heading" ref={stepHeading} tabIndex={-1}>
            {t(WIZARD_STEPS[step - 1]!)}
          </h2>
          {step === 1 && <ContactStep data={data} errors={errors} onChange={change} />}
          {step === 2 && (
            <ServiceStep
              data={data}
              errors={errors}
              onChange={change}
              photos={selected.photos}
              photoProblems={selected.problems}
              onAddPhotos={selected.add}
              onRemovePhoto={selected.remove}
            />
          )}
          {step === 3 && <ScheduleStep data={data} photoCount={selected.photos.length} />}
          {busy && <UploadProgress phase={phase} progress={progress} processingText={t('wizard.saving')} />}
          {failure && (
            <div className="wizard-failure" role="alert">
              <p>{failure}</p>
              {profile && (
                <p>
                  {t('common.callUsAt')} <PhoneLink phone={profile.phone} />.
                </p>
              )}
            </div>
          )}
          <div className="wizard-buttons">
            <button
              type="button"
              className="quote-button quote-button--secondary"
              disabled={step === 1 || busy}
              onClick={() => goTo(step - 1)}
            >
              {t('wizard.back')}
            </button>
            {step < WIZARD_STEPS.length ? (
              <button type="submit" className="quote-button" disabled={!stepComplete(step, data)}>
                {t('wizard.next')}
              </button>
            ) : (
              <button type="submit" className="quote-button" disabled={busy}>
                {busy ? t('wizard.submitting') : t('wizard.submit')}
              </button>
            )}
          </div>
        </form>
      )}
    </PageLayout>
  );
}
