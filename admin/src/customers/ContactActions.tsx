import { AnchorButton } from '@blueprintjs/core';
import { dialablePhone, type CustomerSummary } from '@washdesk/contract';

/** Call, Text and E-mail: only the ones this record has the details for (links, as Blueprint draws buttons). */
export function ContactActions({ customer }: { customer: CustomerSummary }) {
  return (
    <div className="customer-contact__actions">
      {customer.phone && (
        <>
          <AnchorButton role="link" icon="phone" text="Call" href={`tel:${dialablePhone(customer.phone)}`} />
          <AnchorButton role="link" icon="chat" text="Text" href={`sms:${dialablePhone(customer.phone)}`} />
        </>
      )}
      {customer.email && (
        <AnchorButton role="link" icon="envelope" text="E-mail" href={`mailto:${customer.email}`} />
      )}
    </div>
  );
}
