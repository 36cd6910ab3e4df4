import { dialablePhone } from '@washdesk/contract';

/** A phone number a visitor on a mobile can tap to call. */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  return (
    <a className={className} href={`tel:${dialablePhone(phone)}`}>
      {phone}
    </a>
  );
}
