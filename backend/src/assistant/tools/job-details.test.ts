import { describe, expect, it } from 'vitest';
import { jobDetailsOf } from './job-details.ts';
import { withDigits } from './spoken-numbers.ts';

describe('withDigits: numbers as callers say them', () => {
  it.each([
    ['about 2,400 square feet', 'about 2400 square feet'],
    ['twenty four hundred square feet', '2400 square feet'],
    ['twenty-four hundred sq ft', '2400 sq ft'],
    ['two thousand four hundred square feet', '2400 square feet'],
    ['two thousand and fifty square feet', '2050 square feet'],
    ['eighteen hundred square foot', '1800 square foot'],
    ['2.4k sq ft', '2400 sq ft'],
    ['2.4 thousand square feet', '2400 square feet'],
    ['a thousand square feet', '1000 square feet'],
    ['a two-story', 'a 2 story'],
    ['single story, three bedroom', '1 story, 3 bedroom'],
    ['Nine hundred fifty.', '950.'],
  ])('"%s" → "%s"', (said, digits) => {
    expect(withDigits(said)).toBe(digits);
  });
});

describe('jobDetailsOf: the surfaces, size and storeys a caller describes', () => {
  it("reads the issue's question whole", () => {
    expect(jobDetailsOf('How much to wash a two-story house, about 2,400 square feet?')).toEqual({
      surfaces: ['house_soft_wash'],
      unpricedSurfaces: [],
      aboutTheHome: true,
      stories: 2,
      size: { squareFeet: 2400, from: 'caller' },
    });
  });

  it.each([
    ['two-story', 2],
    ['2 story', 2],
    ['two stories', 2],
    ['a 2-storey home', 2],
    ['single story', 1],
    ['one level', 1],
    ["it's a rancher", 1],
    ['three floors', 3],
    ['the house', undefined],
  ])('"%s" has %s stories', (said, stories) => {
    expect(jobDetailsOf(said).stories).toBe(stories);
  });

  it.each([
    ['about 2,400 square feet', 2400],
    ['twenty four hundred square feet', 2400],
    ['2.4k sq ft', 2400],
    ['uh, maybe 1800 sqft', 1800],
    ['around fifteen hundred sq. ft.', 1500],
    ['I think 2000 sf', 2000],
  ])('"%s" is %i square feet, as the caller said', (said, squareFeet) => {
    expect(jobDetailsOf(said).size).toEqual({ squareFeet, from: 'caller' });
  });

  it('turns bedrooms into a typical size, marked as a guess', () => {
    expect(jobDetailsOf('a three bedroom').size).toEqual({ squareFeet: 1600, from: 'bedrooms', bedrooms: 3 });
    expect(jobDetailsOf('4 bed 2 bath').size).toEqual({ squareFeet: 2200, from: 'bedrooms', bedrooms: 4 });
    // A size the caller gave wins over a guess.
    expect(jobDetailsOf('3 bedroom, about 1,900 square feet').size).toEqual({
      squareFeet: 1900,
      from: 'caller',
    });
  });

  it("reads the concrete's own size, said after it or before it", () => {
    expect(jobDetailsOf("House, 2000 square feet, and the driveway's about 500.").concreteSquareFeet).toBe(
      500,
    );
    expect(jobDetailsOf('a 2500 sq ft one story house wash and a 400 sq ft patio').concreteSquareFeet).toBe(
      400,
    );
  });

  it('takes a bare number as the size only when the size was just asked', () => {
    expect(jobDetailsOf('about 2400').size).toBeUndefined();
    expect(jobDetailsOf('about 2400', { answering: 'size' }).size).toEqual({
      squareFeet: 2400,
      from: 'caller',
    });
    expect(jobDetailsOf('uh twenty two hundred I think', { answering: 'size' }).size?.squareFeet).toBe(2200);
  });

  it.each([
    ['wash the house', ['house_soft_wash'], []],
    ['clean my roof', ['roof_cleaning'], []],
    ['the roof of my house', ['roof_cleaning'], []],
    ["there's moss on the roof", ['moss_removal'], []],
    ['get the moss off the roof and clean the driveway', ['moss_removal', 'concrete_cleaning'], []],
    ['the patio', ['concrete_cleaning'], []],
    ['the pool deck', ['concrete_cleaning'], []],
    ['house and driveway', ['house_soft_wash', 'concrete_cleaning'], []],
    ['my deck', [], ['deck']],
    ['the fence and the gutters', [], ['fence', 'gutters']],
    ['the house and the deck', ['house_soft_wash'], ['deck']],
    ['what are your hours', [], []],
    ['a 2.4k sq ft two-story', ['house_soft_wash'], []],
    ['a three bedroom rancher', ['house_soft_wash'], []],
    ['about 600 square feet', [], []],
  ])('"%s" → priced %j, unpriced %j', (said, surfaces, unpriced) => {
    const details = jobDetailsOf(said);
    expect(details.surfaces).toEqual(surfaces);
    expect(details.unpricedSurfaces).toEqual(unpriced);
  });
});
