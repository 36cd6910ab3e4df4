import { describe, expect, it } from 'vitest';
import {
  EMPTY_WIZARD_DATA,
  requestBody,
  stepComplete,
  stepOfField,
  stepProblems,
  type WizardData,
} from './wizard-data.ts';

const contact: WizardData = {
  ...EMPTY_WIZARD_DATA,
  firstName: 'Rosa',
  lastName: 'Greer',
  email: 'rosa@example.com',
  phone: '(707) 555-0188',
  address: '9 Madrone Ln, Redway',
};

describe('the request wizard', () => {
  it('lets Next through step 1 only with all five contact fields, blanks not counting', () => {
    expect(stepComplete(1, contact)).toBe(true);
    expect(stepComplete(1, { ...contact, address: '   ' })).toBe(false);
    expect(stepComplete(1, EMPTY_WIZARD_DATA)).toBe(false);
  });

  it('lets Next through step 2 only with a service chosen', () => {
    expect(stepComplete(2, contact)).toBe(false);
    expect(stepComplete(2, { ...contact, serviceType: 'house-washing' } as WizardData)).toBe(true);
    expect(stepComplete(3, EMPTY_WIZARD_DATA)).toBe(true);
  });

  it('finds at Next what the server would refuse: "abc" as a phone, "not-an-email", a one-letter address', () => {
    expect(stepProblems(1, contact)).toEqual({});
    expect(
      stepProblems(1, { ...contact, firstName: 'J', phone: 'abc', email: 'not-an-email', address: 'J' }),
    ).toEqual({
      email: 'Enter a valid e-mail address',
      phone: 'Valid phone number required',
      address: 'Complete address is required',
    });
    expect(stepProblems(2, contact)).toEqual({ serviceType: 'Please choose a service' });
    expect(stepProblems(2, { ...contact, serviceType: 'roof-cleaning' })).toEqual({});
  });

  it('sends the answers trimmed, leaves out empty ones, and says whether photos come', () => {
    const photo = new File([new Uint8Array(10)], 'porch.jpg', { type: 'image/jpeg' });
    const body = requestBody({ ...contact, firstName: '  Rosa ', description: '' }, [photo]);
    expect([...body.keys()]).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'address',
      'hasPhotos',
      'photos',
    ]);
    expect(body.get('firstName')).toBe('Rosa');
    expect(body.get('hasPhotos')).toBe('true');
    expect((body.get('photos') as File).name).toBe('porch.jpg');
    expect(requestBody(contact, []).get('hasPhotos')).toBe('false');
  });

  it('sends the visitor back to the step that holds a refused field', () => {
    expect(stepOfField('phone')).toBe(1);
    expect(stepOfField('serviceType')).toBe(2);
    expect(stepOfField('description')).toBe(2);
  });

  it('sends the consent line for texts only when it is ticked', () => {
    expect(requestBody({ ...contact, textConsent: 'true' }, []).get('textConsent')).toBe('true');
    expect(requestBody(contact, []).has('textConsent')).toBe(false);
  });
});
