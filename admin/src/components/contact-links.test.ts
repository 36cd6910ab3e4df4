import { describe, expect, it } from 'vitest';
import { dialablePhone as dialable } from '@washdesk/contract';
import { contactLinks } from './contact-links.ts';

describe('the Contact menu’s links', () => {
  it('calls, texts and e-mails a customer with a phone and an address', () => {
    expect(contactLinks({ phone: '(707) 555-0188', email: 'rosa@example.com' })).toEqual([
      { kind: 'call', text: 'Call (707) 555-0188', href: 'tel:7075550188' },
      { kind: 'text', text: 'Text (707) 555-0188', href: 'sms:7075550188' },
      { kind: 'email', text: 'E-mail rosa@example.com', href: 'mailto:rosa@example.com' },
    ]);
  });

  it('says what is missing instead of offering a link that cannot work', () => {
    expect(contactLinks({ phone: null, email: '  ' })).toEqual([
      { kind: 'call', text: 'Call (no phone number on file)', href: null },
      { kind: 'text', text: 'Text (no phone number on file)', href: null },
      { kind: 'email', text: 'E-mail (no address on file)', href: null },
    ]);
    // A "phone" with no digits in it cannot be dialled either.
    expect(contactLinks({ phone: 'ask at the door', email: null })[0]!.href).toBeNull();
  });

  it('dials only digits and a leading +', () => {
    expect(dialable('+1 (707) 555-0142 ext. 3')).toBe('+17075550142');
  });
});
