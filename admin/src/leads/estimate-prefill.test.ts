import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_SERVICE_TYPES,
  PHOTO_FORM_SERVICE_TYPES,
  WIZARD_SERVICE_OPTIONS,
  type Lead,
} from '@washdesk/contract';
import { appointmentServiceOf } from '../appointments/appointment-service-of.ts';
import { estimateFormValuesOf, notesOf } from './estimate-prefill.ts';

const lead = (over: Partial<Lead> = {}): Lead => ({
  id: 7,
  channel: 'wizard',
  sourceId: 3,
  name: 'Dana Whitfield',
  phone: '707-555-0123',
  email: 'dana@example.com',
  address: '512 Redwood Drive, Garberville',
  askedFor: 'House Washing',
  timeline: 'Within a week',
  detail: 'Green streaks on the north side',
  createdAt: '2026-03-02T20:00:00.000Z',
  stage: 'new',
  lostReason: null,
  stageChangedAt: null,
  stageChangedBy: null,
  estimate: null,
  photos: [],
  customerId: null,
  openQuestions: 0,
  openQuestion: null,
  callBack: null,
  ...over,
});

describe('"Book estimate" prefill', () => {
  it("maps every wizard and photo-form service to the appointment's, and leaves a poor fit to staff", () => {
    expect(
      Object.fromEntries(WIZARD_SERVICE_OPTIONS.map((o) => [o.label, appointmentServiceOf(o.label)])),
    ).toEqual({
      'House Washing': 'house-wash',
      'Roof Cleaning': 'roof-cleaning',
      'Deck & Patio Cleaning': 'deck-cleaning',
      'Gutter Cleaning': 'gutter-cleaning',
      'Window Cleaning': 'window-washing',
      'Pressure Washing': '',
    });
    expect(Object.fromEntries(PHOTO_FORM_SERVICE_TYPES.map((s) => [s, appointmentServiceOf(s)]))).toEqual({
      'House Soft Wash': 'house-wash',
      'Roof Cleaning': 'roof-cleaning',
      'Driveway/Concrete Cleaning': 'driveway-cleaning',
      'Deck/Patio Cleaning': 'deck-cleaning',
      'Fence Cleaning': 'fence-cleaning',
      'Multiple Services': 'multiple-services',
    });
    // The quote tool lists what it priced.
    expect(appointmentServiceOf('House Soft Washing, Concrete Cleaning')).toBe('multiple-services');
    expect(appointmentServiceOf(null)).toBe('');
    for (const label of [...WIZARD_SERVICE_OPTIONS.map((o) => o.label), ...PHOTO_FORM_SERVICE_TYPES]) {
      const service = appointmentServiceOf(label);
      if (service) expect(APPOINTMENT_SERVICE_TYPES).toContain(service);
    }
  });

  it('fills the contact fields and notes from what the customer asked, and leaves the date and time empty', () => {
    expect(estimateFormValuesOf(lead())).toEqual({
      customerName: 'Dana Whitfield',
      customerPhone: '707-555-0123',
      customerEmail: 'dana@example.com',
      address: '512 Redwood Drive, Garberville',
      serviceType: 'house-wash',
      preferredDate: '',
      preferredTime: '',
      notes: 'Asked for: House Washing (Within a week)\nGreen streaks on the north side',
    });
  });

  it('leaves blank what the lead does not have (a missed call) and keeps long notes within the limit', () => {
    const call = lead({
      channel: 'phone',
      name: null,
      email: null,
      address: null,
      askedFor: null,
      timeline: null,
      detail: null,
    });
    expect(estimateFormValuesOf(call)).toMatchObject({
      customerName: '',
      customerEmail: '',
      address: '',
      serviceType: '',
      notes: '',
    });
    const long = notesOf(lead({ detail: 'x'.repeat(3000) }));
    expect(long).toHaveLength(2000);
    expect(long.startsWith('Asked for: House Washing (Within a week)\nxxx')).toBe(true);
  });
});
