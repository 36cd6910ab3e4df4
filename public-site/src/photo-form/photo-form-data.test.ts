import { photoSubmissionCreateSchema } from '@washdesk/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_PHOTO_FORM, photoFormBody } from './photo-form-data.ts';

// The consent line for texts travels only when ticked, in a shape the server's own schema takes.
const filled = {
  ...EMPTY_PHOTO_FORM,
  firstName: 'Robin',
  lastName: 'Alder',
  phone: '(707) 555-0188',
  serviceType: 'House Soft Wash',
};
const fieldsOf = (body: FormData) =>
  Object.fromEntries([...body.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;

describe('the photo form body', () => {
  it('carries textConsent=true when the consent line is ticked, and nothing when it is not', () => {
    const ticked = fieldsOf(photoFormBody({ ...filled, textConsent: 'true' }, []));
    expect(ticked.textConsent).toBe('true');
    expect(photoSubmissionCreateSchema.parse(ticked).textConsent).toBe(true);
    const unticked = fieldsOf(photoFormBody(filled, []));
    expect('textConsent' in unticked).toBe(false);
    expect(photoSubmissionCreateSchema.parse(unticked).textConsent).toBe(false);
  });
});
