import { PageLayout } from '../layout/PageLayout.tsx';
import { useBusinessProfile } from '../profile/business-profile.tsx';

const WIZARD_STEPS = ['Your Information', 'Service Details', 'Schedule Your Estimate'] as const;

/** The customer request wizard (spec: three numbered steps, then a confirmation). */
export function RequestWizardPage() {
  const profile = useBusinessProfile();
  const currentStep = 1;
  return (
    <PageLayout title="Request a Free Estimate">
      <h1>Request a Free Estimate</h1>
      <p className="intro">
        Tell us about your property and the cleaning you need, and we contact you within{' '}
        {profile?.followUpHours ?? 24} hours.
      </p>
      <ol className="wizard-steps" aria-label="Steps">
        {WIZARD_STEPS.map((label, index) => (
          <li key={label} aria-current={index + 1 === currentStep ? 'step' : undefined}>
            <span className="wizard-steps__number">{index + 1}</span> {label}
          </li>
        ))}
      </ol>
      <section className="card" aria-labelledby="wizard-step-heading">
        <h2 id="wizard-step-heading">{WIZARD_STEPS[currentStep - 1]}</h2>
        <p>Your name, e-mail, phone number and the property's address.</p>
      </section>
    </PageLayout>
  );
}
