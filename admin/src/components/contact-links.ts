import { dialablePhone } from '@washdesk/contract';

// What the Contact menu offers for a customer: call, text and e-mail, each with the link it opens,
// or disabled with the reason when the detail is missing (staff should see why, not a gap).

export interface ContactLink {
  kind: 'call' | 'text' | 'email';
  text: string;
  /** null: nothing on file to open. */
  href: string | null;
}


export function contactLinks({
  phone,
  email,
}: {
  phone: string | null;
  email: string | null;
}): ContactLink[] {
  const digits = phone ? dialablePhone(phone) : '';
  const trimmedEmail = email?.trim() ?? '';
  return [
    digits
      ? { kind: 'call', text: `Call ${phone}`, href: `tel:${digits}` }
      : { kind: 'call', text: 'Call (no phone number on file)', href: null },
    digits
      ? { kind: 'text', text: `Text ${phone}`, href: `sms:${digits}` }
      : { kind: 'text', text: 'Text (no phone number on file)', href: null },
    trimmedEmail
      ? { kind: 'email', text: `E-mail ${trimmedEmail}`, href: `mailto:${trimmedEmail}` }
      : { kind: 'email', text: 'E-mail (no address on file)', href: null },
  ];
}
