import { describe, expect, it } from 'vitest';
import { likePattern, phoneDigitsOf } from './search-terms.ts';

describe('search terms', () => {
  it('reads a phone number however it is typed, as its last ten digits', () => {
    expect(phoneDigitsOf('+1 (707) 555-0123')).toBe('7075550123');
    expect(phoneDigitsOf('707.555.0123')).toBe('7075550123');
    expect(phoneDigitsOf('555 0123')).toBe('5550123');
    expect(phoneDigitsOf('12')).toBeNull();
  });

  it('does not take the digits out of a name, an address or an e-mail', () => {
    expect(phoneDigitsOf('Booker3k2ab12')).toBeNull();
    expect(phoneDigitsOf('512 Redwood Drive')).toBeNull();
    expect(phoneDigitsOf('dana707@example.com')).toBeNull();
  });

  it('keeps LIKE wildcards as plain characters', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
