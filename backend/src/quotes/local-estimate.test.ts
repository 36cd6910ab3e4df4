import { describe, expect, it } from 'vitest';
import { photoAnalysisSchema } from '@washdesk/contract';
import { estimateFromAnswers, LOCAL_ESTIMATE_CONFIDENCE } from './local-estimate.ts';
import { priceQuote } from './pricing.ts';

describe('local estimate (no photo analysis)', () => {
  it('uses typical sizes for the chosen service, with low confidence, and says so', () => {
    const estimate = photoAnalysisSchema.parse(
      estimateFromAnswers({ serviceType: 'Roof Cleaning', notes: null }),
    );
    expect(estimate.surfaces).toEqual([
      {
        surfaceType: 'roof_cleaning',
        squareFootage: 2000,
        difficulty: 'easy',
        confidence: LOCAL_ESTIMATE_CONFIDENCE,
        notes: 'Typical size; not measured from photos.',
      },
    ]);
    expect(estimate.notes).toBe(
      'Rough estimate from your answers and typical sizes of homes in our area, without photo analysis: your photos were not measured. Our free on-site estimate confirms the price.',
    );
  });

  it('reads moss, height, a driveway and a stated area from the notes', () => {
    const estimate = estimateFromAnswers({
      serviceType: 'House Soft Wash',
      notes: 'Two-story house, about 2,600 sq ft of siding. Moss on the roof and the driveway is green.',
    });
    const by = Object.fromEntries(estimate.surfaces.map((s) => [s.surfaceType, s]));
    expect(by.house_soft_wash).toMatchObject({ squareFootage: 2600, difficulty: 'moderate' });
    // The roof covers the footprint: 2,600 sq ft over two stories.
    expect(by.moss_removal).toMatchObject({ squareFootage: 1300, difficulty: 'moderate' });
    expect(by.concrete_cleaning).toMatchObject({ squareFootage: 600, difficulty: 'easy' });
  });

  it('prices the size of the home the customer gave, over its stories', () => {
    const estimate = estimateFromAnswers({
      serviceType: 'Multiple Services',
      notes: 'Moss on the roof',
      stories: 3,
      squareFeet: 3000,
    });
    expect(estimate.surfaces).toEqual([
      {
        surfaceType: 'house_soft_wash',
        squareFootage: 3000,
        difficulty: 'difficult',
        confidence: 0.3,
        notes: 'From the size you gave: 3,000 sq ft.',
      },
      {
        surfaceType: 'concrete_cleaning',
        squareFootage: 600,
        difficulty: 'easy',
        confidence: 0.3,
        notes: 'Typical size; not measured from photos.',
      },
      {
        surfaceType: 'moss_removal',
        squareFootage: 1000,
        difficulty: 'difficult',
        confidence: 0.3,
        notes: 'From the size you gave: 3,000 sq ft over 3 stories.',
      },
    ]);
  });

  it('names its services exactly as the pricing engine names them in the same quote', () => {
    for (const serviceType of ['House Soft Wash', 'Roof Cleaning', 'Multiple Services', null]) {
      const estimate = estimateFromAnswers({ serviceType, notes: 'moss and the driveway' });
      const quote = priceQuote(estimate.surfaces);
      expect(estimate.recommendedServices).toEqual(quote.serviceBreakdown.map((line) => line.service));
    }
    expect(estimateFromAnswers({ serviceType: 'House Soft Wash', notes: null }).recommendedServices).toEqual([
      'House Soft Washing',
    ]);
  });

  it('quotes a house and its driveway when the customer gave no service (the quote tool)', () => {
    const estimate = estimateFromAnswers({ serviceType: null, notes: null });
    expect(estimate.surfaces.map((s) => s.surfaceType)).toEqual(['house_soft_wash', 'concrete_cleaning']);
  });
});

describe('local estimate: only the services asked for (issue 34, item 6)', () => {
  const surfaces = (answers: Parameters<typeof estimateFromAnswers>[0]) =>
    estimateFromAnswers(answers).surfaces.map((s) => [s.surfaceType, s.squareFootage]);

  it('"just the driveway, about 800 sq ft" is the driveway alone, at 800 sq ft', () => {
    expect(surfaces({ serviceType: null, notes: 'just the driveway, about 800 sq ft' })).toEqual([
      ['concrete_cleaning', 800],
    ]);
  });

  it('gives each size to the surface it was said of', () => {
    expect(
      surfaces({
        serviceType: null,
        notes: 'house is about 2,400 sq ft and the driveway maybe 800, one story',
      }),
    ).toEqual([
      ['house_soft_wash', 2400],
      ['concrete_cleaning', 800],
    ]);
  });

  it('prices only the services picked on the tool, whatever the notes mention', () => {
    expect(
      surfaces({
        serviceType: null,
        notes: 'the house is 2000 sq ft',
        services: ['roof_cleaning'],
        stories: 2,
      }),
    ).toEqual([['roof_cleaning', 1000]]);
  });
});
