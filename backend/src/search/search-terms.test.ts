import { describe, expect, it } from 'vitest';
import { likePattern } from './search-terms.ts';

describe('search terms', () => {
  it('keeps LIKE wildcards as plain characters', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
