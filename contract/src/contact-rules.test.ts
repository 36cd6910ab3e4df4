import { describe, expect, it } from 'vitest';
import { requestContactProblems, serviceRequestCreateSchema, type RequestContact } from './index.ts';

const fine: RequestContact = {
  firstName: 'Rosa',
  lastName: 'Greer',
  email: 'rosa@example.com',
  phone: '(707) 555-0188',
  address: '9 Madrone Ln, Redway',
};

/** What the server's schema says about each contact field, one message per field. */
function serverProblems(contact: RequestContact) {
  const result = serviceRequestCreateSchema.safeParse({ ...contact, serviceType: 'house-washing' });
  const problems: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) problems[String(issue.path[0])] ??= issue.message;
  return problems;
}

// What a new customer typed ("J", "abc" as a phone, "not-an-email"), and its neighbours.
const typed: Partial<RequestContact>[] = [
  {},
  { firstName: 'J' },
  { phone: 'abc' },
  { phone: 'abcdefghijk' },
  { phone: '555-0142' },
  { phone: '+1 707.555.0142 x12' },
  { phone: '707 555 0142 0142 0142' },
  { email: 'not-an-email' },
  { email: 'rosa@example' },
  { email: 'Rosa.Greer+wash@Example.com' },
  { email: '   ' },
  { address: 'J' },
  { address: '12 A' },
  { address: '12 Ab' },
  { firstName: ' ', lastName: '', email: '', phone: '', address: '' },
];

describe("the wizard's contact check in the page", () => {
  it.each(typed)('says what the server would say about %o', (change) => {
    const contact = { ...fine, ...change };
    expect(requestContactProblems(contact)).toEqual(serverProblems(contact));
  });

  it("uses the spec's messages for a phone and an address", () => {
    expect(requestContactProblems({ ...fine, phone: 'abc', address: 'J' })).toEqual({
      phone: 'Valid phone number required',
      address: 'Complete address is required',
    });
  });
});
