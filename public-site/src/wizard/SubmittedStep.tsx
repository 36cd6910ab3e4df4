import type { Ref } from 'react';
import { PhoneLink } from '../layout/PhoneLink.tsx';
import { useBusinessProfile } from '../profile/business-profile.tsx';

/** Step 4: the request is stored; what happens next and how to reach us. */
export function SubmittedStep({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  const profile = useBusinessProfile();
  const hours = profile?.followUpHours ?? 24;
  return (
    <section className="card wizard-done" aria-labelledby="wizard-done-heading">
      <h2 id="wizard-done-heading" ref={headingRef} tabIndex={-1}>
        Request Submitted Successfully!
      </h2>
      <p>Thank you. We have your request and will be in touch soon.</p>
      <h3>Next steps</h3>
      <ol className="wizard-next-steps">
        <li>We review your request and any photos you sent.</li>
        <li>We contact you within {hours} hours to confirm a time for your free estimate.</li>
        <li>We visit, measure and give you a firm quote on the spot.</li>
      </ol>
      {profile && (
        <p>
          Questions? Call us at <PhoneLink phone={profile.phone} />.
        </p>
      )}
      {profile?.serviceArea && <p>Service area: {profile.serviceArea}</p>}
    </section>
  );
}
