import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS, type BusinessHours } from '@washdesk/contract';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { crewRepository } from '../crews/crew.repository.ts';
import { businessHoursStore } from '../phone/business-hours.ts';
import { settingsRepository } from '../settings/settings.repository.ts';
import { appointmentRepository } from './appointment.repository.ts';
import { appointmentRules } from './appointment-rules.ts';

// The crew's day (issue 33): a visit holds its crew from its start for its duration; two crews take
// two visits at 9 AM; customers and the assistant only get starts inside open hours.

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

// Monday 2027-03-01, 7 AM in California: every hour of the day is still ahead.
const MONDAY = '2027-03-01';
const SATURDAY = '2027-03-06';
const clock = () => Date.parse('2027-03-01T15:00:00Z');

let db: Db;
let hours: BusinessHours = DEFAULT_BUSINESS_HOURS;
const setup = () => {
  const appointments = appointmentRepository(db);
  return { appointments, crews: crewRepository(db), rules: appointmentRules(appointments, 'America/Los_Angeles', clock, () => hours) };
};
const book = (date: string, time: string, placement: { crewId?: number; durationMinutes?: number } = {}) =>
  setup().appointments.create(
    {
      customerName: `Customer ${time}`,
      customerPhone: '(707) 555-0100',
      customerEmail: null,
      address: '1 Redwood Dr, Eureka',
      serviceType: 'house-wash',
      preferredDate: date,
      preferredTime: time as '9:00 AM',
      notes: null,
    } as never,
    'staff',
    null,
    placement,
  );

beforeAll(() => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-crew-day-'));
  dirs.push(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir });
  db = openDatabase(config.databaseFile, config.migrationsDir);
});

describe("a crew's day", () => {
  it('puts a new visit on the default crew, as an estimate of 30 minutes', () => {
    const visit = book(MONDAY, '8:00 AM');
    const [crew] = setup().crews.active();
    expect(visit).toMatchObject({ kind: 'estimate', crewId: crew!.id, durationMinutes: 30, jobId: null });
  });

  it('with one crew, a job of three hours holds the crew for three hours and no longer', () => {
    const { rules } = setup();
    book(MONDAY, '9:00 AM', { durationMinutes: 180 });
    expect(rules.slotClash({ date: MONDAY, time: '11:00 AM' })?.message).toBe(
      'Customer 9:00 AM is already booked on Mon, Mar 1, 2027 at 9:00 AM.',
    );
    expect(rules.slotClash({ date: MONDAY, time: '12:00 PM' })).toBeNull();
    // A two-hour visit from 8 AM would run into the job.
    expect(rules.openTimes(MONDAY, { durationMinutes: 120 })).not.toContain('8:00 AM');
  });

  it('a second crew takes what the first cannot, and a clash is only on the same crew', () => {
    const { crews, rules } = setup();
    const second = crews.create({ name: 'Crew 2', color: '#29A634' });
    expect(rules.slotClash({ date: MONDAY, time: '10:00 AM' })).toBeNull();
    expect(rules.freeCrew({ date: MONDAY, time: '10:00 AM' })).toBe(second.id);
    expect(rules.slotClash({ date: MONDAY, time: '10:00 AM', crewId: second.id })).toBeNull();
    const first = crews.active()[0]!.id;
    expect(rules.slotClash({ date: MONDAY, time: '10:00 AM', crewId: first })).not.toBeNull();
    // Moving the job itself does not clash with itself.
    const job = book(MONDAY, '1:00 PM', { crewId: second.id, durationMinutes: 120 });
    expect(rules.slotClash({ date: MONDAY, time: '1:00 PM', crewId: second.id, durationMinutes: 120, exceptId: job.id })).toBeNull();
    expect(rules.slotClash({ date: MONDAY, time: '2:00 PM', crewId: second.id })).not.toBeNull();
    crews.update(second.id, { active: false });
  });

  it('offers customers only starts inside open hours: no weekend, no holiday, nothing running past closing', () => {
    const { rules } = setup();
    expect(rules.openTimes(SATURDAY)).toEqual([]);
    hours = { ...DEFAULT_BUSINESS_HOURS, holidays: ['2027-03-02'] };
    expect(rules.openTimes('2027-03-02')).toEqual([]);
    hours = { ...DEFAULT_BUSINESS_HOURS, days: { ...DEFAULT_BUSINESS_HOURS.days, wednesday: { opens: '10:00', closes: '14:00' } } };
    expect(rules.openTimes('2027-03-03')).toEqual(['10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM']);
    expect(rules.openTimes('2027-03-03', { durationMinutes: 120 })).toEqual(['10:00 AM', '11:00 AM', '12:00 PM']);
    expect(() => rules.refuseClosed(SATURDAY, '9:00 AM')).toThrow('That time is outside business hours');
    hours = DEFAULT_BUSINESS_HOURS;
  });

  it('every booking path reads the hours Settings saved (Saturday opened: Saturday offered)', () => {
    const appointments = appointmentRepository(db);
    const rules = appointmentRules(appointments, 'America/Los_Angeles', clock);
    expect(rules.openTimes(SATURDAY)).toEqual([]);
    businessHoursStore(settingsRepository(db)).save({
      ...DEFAULT_BUSINESS_HOURS,
      days: { ...DEFAULT_BUSINESS_HOURS.days, saturday: { opens: '09:00', closes: '12:00' } },
    });
    expect(rules.openTimes(SATURDAY)).toEqual(['9:00 AM', '10:00 AM', '11:00 AM']);
  });
});
