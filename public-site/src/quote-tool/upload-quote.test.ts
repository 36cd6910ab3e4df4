import { describe, expect, it } from 'vitest';
import { looksLikeQuoteResponse, outcomeOf } from './upload-quote.ts';

const quoted = {
  submissionId: 12,
  provider: 'openai',
  quote: {
    surfaceType: 'House Soft Washing, Concrete Cleaning',
    estimatedArea: '2,250 sq ft',
    difficulty: 'Moderate',
    priceRange: '$927 - $1,512',
    serviceRecommendations: ['House soft wash', 'Driveway cleaning'],
    notes: 'Measured from the garage door and the front door.',
  },
};

describe('what the quote tool makes of the server’s answer', () => {
  it('a quote, when the answer has the quote’s shape', () => {
    expect(outcomeOf(200, quoted)).toEqual({ kind: 'quoted', response: quoted });
    const { notes: _notes, ...withoutNotes } = quoted.quote;
    expect(looksLikeQuoteResponse({ ...quoted, quote: withoutNotes })).toBe(true);
  });

  it('a failure, when a 200 carries something else', () => {
    expect(outcomeOf(200, { quote: { ...quoted.quote, priceRange: 927 } })).toEqual({
      kind: 'failed',
      status: 200,
    });
    expect(outcomeOf(200, null)).toEqual({ kind: 'failed', status: 200 });
    expect(looksLikeQuoteResponse({ quote: { ...quoted.quote, serviceRecommendations: [1] } })).toBe(false);
  });

  it('the refused fields of a 4xx, for the form to show beside its inputs', () => {
    const fields = { name: 'Please provide your name and phone number.' };
    expect(outcomeOf(400, { error: { message: 'x', fields } })).toEqual({ kind: 'refused', fields });
    expect(outcomeOf(413, { error: { message: 'x', fields: { photos: 'Too many photos' } } })).toEqual({
      kind: 'refused',
      fields: { photos: 'Too many photos' },
    });
  });

  it('the rate limit’s own words (they say when to try again), and no server text otherwise', () => {
    const wait = 'Too many requests. Please try again in a minute.';
    expect(outcomeOf(429, { error: { message: wait, fields: { x: 'y' } } })).toEqual({
      kind: 'failed',
      status: 429,
      message: wait,
    });
    expect(outcomeOf(500, { error: { message: 'stack trace here' } })).toEqual({
      kind: 'failed',
      status: 500,
      message: undefined,
    });
  });
});
