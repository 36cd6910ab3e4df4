import { describe, expect, it } from 'vitest';
import type { Appointment } from '@washdesk/contract';
import { changeOf, formFieldOf, formValuesOf } from './appointment-form-values.ts';

const booked: Appointment = {
  id: 7,
  customerName: 'Rosa Greer',
  customerPhone: '(707) 555-0188',
  customerEmail: null,
  address: '9 Madrone Ln, Redway',
  serviceType: 'roof-cleaning',
  scheduledDate: '2026-03-02',
  preferredTime: null,
  status: 'scheduled',
  estimateAmount: 450,
  notes: null,
  source: 'staff',
  callId: null,
  cancelReason: null,
  customerAnswer: null,
  kind: 'estimate',
  jobId: null,
  crewId: 1,
  durationMinutes: 30,
  createdAt: '2026-02-20T18:00:00.000Z',
  updatedAt: '2026-02-20T18:00:00.000Z',
};

describe('the appointment dialog’s values', () => {
  it('start empty for a new appointment', () => {
    expect(formValuesOf()).toEqual({
      customerName: '',
      customerPhone: '',
      customerEmail: '',
      address: '',
      serviceType: '',
      preferredDate: '',
      preferredTime: '',
      notes: '',
    });
  });

  it('hold an existing appointment as text, its scheduled date as the preferred date', () => {
    expect(formValuesOf(booked)).toEqual({
      customerName: 'Rosa Greer',
      customerPhone: '(707) 555-0188',
      customerEmail: '',
      address: '9 Madrone Ln, Redway',
      serviceType: 'roof-cleaning',
      preferredDate: '2026-03-02',
      preferredTime: '',
      notes: '',
    });
  });

  it('send an edit with the date as scheduledDate and the estimate beside it', () => {
    const values = {
      customerName: 'Rosa Greer',
      customerPhone: '(707) 555-0188',
      customerEmail: null,
      address: '9 Madrone Ln, Redway',
      serviceType: 'roof-cleaning',
      preferredDate: '2026-03-09',
      preferredTime: '9:00 AM',
      notes: null,
    } as Parameters<typeof changeOf>[0];
    expect(changeOf(values, 1250)).toEqual({
      customerName: 'Rosa Greer',
      customerPhone: '(707) 555-0188',
      customerEmail: null,
      address: '9 Madrone Ln, Redway',
      serviceType: 'roof-cleaning',
      scheduledDate: '2026-03-09',
      preferredTime: '9:00 AM',
      notes: null,
      estimateAmount: 1250,
    });
  });

  it('put the server’s complaint about a field under the input it came from', () => {
    expect(formFieldOf('scheduledDate')).toBe('preferredDate');
    expect(formFieldOf('customerPhone')).toBe('customerPhone');
    expect(formFieldOf('estimateAmount')).toBeUndefined();
  });
});
