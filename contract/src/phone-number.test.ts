import { describe, expect, it } from 'vitest';
import {
  formatPhoneNumber,
  isDialable,
  phoneKeyOf,
  phoneNumberOf,
  phoneSearchOf,
} from './phone-number.ts';

describe('the one phone number rule', () => {
  it('writes every spelling of a North American number as one E.164 number and one key', () => {
    const spellings = [
      '(707) 555-0123',
      '707-555-0123',
      '707.555.0123',
      '707/555/0123',
      '+1 707 555 0123',
      '1-707-555-0123',
      '+17075550123',
      '707 555 0123 ext. 12',
      '707-555-0123 x4',
      '\t707\u2011555\u20110123 ',
    ];
    for (const typed of spellings) {
      expect(phoneNumberOf(typed), typed).toBe('+17075550123');
      expect(phoneKeyOf(typed), typed).toBe('phone:7075550123');
    }
  });

  it('keeps a number from abroad only with its "+", and reads no key from what is not a number', () => {
    expect(phoneNumberOf('+44 20 7946 0958')).toBe('+442079460958');
    expect(phoneKeyOf('+44 20 7946 0958')).toBe('phone:+442079460958');
    for (const typed of ['555-0188', 'anonymous', '+266696687', '12', '', null, undefined, '442079460958'])
      expect(phoneKeyOf(typed), String(typed)).toBeNull();
  });

  it('dials only numbers whose area code and exchange are real', () => {
    expect(isDialable('(707) 555-0123')).toBe(true);
    expect(isDialable('+44 20 7946 0958')).toBe(true);
    expect(isDialable('(107) 555-0123')).toBe(false);
    expect(isDialable('(707) 155-0123')).toBe(false);
    expect(isDialable('555-0123')).toBe(false);
  });

  it('shows a number the North American way', () => {
    expect(formatPhoneNumber('+17075550123')).toBe('(707) 555-0123');
    expect(formatPhoneNumber('+442079460958')).toBe('+442079460958');
    expect(formatPhoneNumber('ask for Bo')).toBe('ask for Bo');
  });

  it('reads a search for a phone number however it is typed, and not the digits of a name or address', () => {
    expect(phoneSearchOf('+1 (707) 555-0123')).toBe('7075550123');
    expect(phoneSearchOf('707.555.0123')).toBe('7075550123');
    expect(phoneSearchOf('555 0123')).toBe('5550123');
    expect(phoneSearchOf('12')).toBeNull();
    expect(phoneSearchOf('Booker3k2ab12')).toBeNull();
    expect(phoneSearchOf('512 Redwood Drive')).toBeNull();
    expect(phoneSearchOf('dana707@example.com')).toBeNull();
  });
});
