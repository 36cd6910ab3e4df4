import { describe, expect, it } from 'vitest';
import { priceQuote } from '../../quotes/pricing.ts';
import { jobDetailsOf } from './job-details.ts';
import { jobPriceReply, priceOfJob } from './job-price.ts';

const priceOf = (said: string) => priceOfJob(jobDetailsOf(said));
/** Every dollar figure in a sentence. */
const dollarsIn = (text: string) =>
  [...text.matchAll(/\$([\d,]+)/g)].map((m) => Number(m[1]!.replace(/,/g, '')));

describe('priceOfJob: the pricing engine from what the caller said', () => {
  it("answers the issue's question with a total range from the engine", () => {
    const price = priceOf('How much to wash a two-story house, about 2,400 square feet?');
    // The engine's own answer for the same job: 2,400 sq ft of house, two storeys (moderate).
    const engine = priceQuote([
      { surfaceType: 'house_soft_wash', squareFootage: 2400, difficulty: 'moderate' },
    ]);
    expect(price).toMatchObject({ kind: 'priced', range: engine.priceRange });
    expect(engine.priceRange).toEqual({ low: 1056, high: 1716 });
    expect(jobPriceReply(price)).toBe(
      'For house soft washing at about 2,400 sq ft, 2 stories, the total would be about $1,056 - $1,716. The free on-site estimate confirms the price.',
    );
  });

  it("prices a roof over the home's footprint when the size given was the home's", () => {
    const price = priceOf('roof cleaning on a two story house, 2400 square feet');
    expect(price).toMatchObject({
      kind: 'priced',
      areas: [{ surfaceType: 'roof_cleaning', squareFootage: 1200, difficulty: 'moderate' }],
    });
    expect(priceOf('my roof is about 1500 sq ft, single story')).toMatchObject({
      areas: [{ surfaceType: 'roof_cleaning', squareFootage: 1500, difficulty: 'easy' }],
    });
  });

  it('applies the $150 minimum, and says so', () => {
    const price = priceOf('just a little patio, maybe 100 square feet');
    expect(price).toMatchObject({ kind: 'priced', range: { low: 150, high: 150 } });
    expect(jobPriceReply(price)).toBe(
      'For concrete cleaning at about 100 sq ft, the total would be about $150. Our minimum for any job is $150. The free on-site estimate confirms the price.',
    );
  });

  it('says a size from bedrooms is a guess', () => {
    const reply = jobPriceReply(priceOf('wash a three bedroom single story house'));
    expect(reply).toContain(
      'a typical 3-bedroom home of about 1,600 sq ft (a guess; the real size changes the price)',
    );
    expect(dollarsIn(reply)).toEqual([640, 1040]);
  });

  it.each([
    ['how much to wash my house', ['size', 'stories'], 'About how many square feet is the house?'],
    ['a two story house', ['size'], 'About how many square feet is the house?'],
    ['house is 2000 square feet', ['stories'], 'Is it one story, two, or three?'],
    ['how much for the driveway', ['concrete-size'], 'About how many square feet is the driveway or patio?'],
    [
      'how much do you charge',
      ['surface'],
      'What would you like cleaned: the house, the roof, moss on the roof, or a driveway or patio?',
    ],
  ])('"%s" asks for what is missing (%j) and names no price', (said, missing, question) => {
    const price = priceOf(said);
    expect(price).toMatchObject({ kind: 'needs', missing });
    expect(jobPriceReply(price)).toBe(question);
    expect(dollarsIn(jobPriceReply(price))).toEqual([]);
  });

  it('never prices a deck or a fence as a house', () => {
    const price = priceOf('how much to wash my deck, about 400 square feet');
    expect(price.kind).toBe('not-on-price-list');
    expect(dollarsIn(jobPriceReply(price))).toEqual([]);
    expect(jobPriceReply(price)).toBe(
      "We don't have a set price for the deck; the office will price that after a look. Would you like a free on-site estimate?",
    );
    // Priced beside a house, the deck is still left to the office.
    const both = jobPriceReply(priceOf('the house and the deck, single story, 1500 sq ft'));
    expect(both).toContain("We don't have a set price for the deck");
    expect(dollarsIn(both)).toEqual([600, 975]);
  });

  it('prices moss on a two-story house over its footprint, without washing the house', () => {
    expect(
      priceOf("How much to get the moss off my roof? It's a two story house, about 2,200 square feet."),
    ).toMatchObject({
      kind: 'priced',
      areas: [{ surfaceType: 'moss_removal', squareFootage: 1100, difficulty: 'moderate' }],
      range: { low: 726, high: 1089 },
    });
    // Asked for, the house is washed as well.
    expect(priceOf('wash the house and clean the roof, single story, 1500 square feet')).toMatchObject({
      areas: [
        { surfaceType: 'roof_cleaning', squareFootage: 1500 },
        { surfaceType: 'house_soft_wash', squareFootage: 1500 },
      ],
    });
  });

  it("takes a second size said with the driveway as the driveway's", () => {
    const price = priceOf("House and driveway. Two story, 2000 square feet, and the driveway's about 500.");
    expect(price).toMatchObject({
      kind: 'priced',
      areas: [
        { surfaceType: 'house_soft_wash', squareFootage: 2000, difficulty: 'moderate' },
        { surfaceType: 'concrete_cleaning', squareFootage: 500, difficulty: 'easy' },
      ],
      range: { low: 1030, high: 1680 },
    });
    expect(jobPriceReply(price)).toBe(
      'For house soft washing and concrete cleaning at about 2,000 sq ft, 2 stories (the concrete about 500 sq ft), the total would be about $1,030 - $1,680. The free on-site estimate confirms the price.',
    );
  });
});
