import { describe, expect, it } from 'vitest';
import { photoAnalysisSchema } from '@washdesk/contract';
import { estimateFromAnswers, LOCAL_ESTIMATE_CONFIDENCE } from './local-estimate.ts';

describe('local estimate (no photo analysis)', () => {
  it('uses typical sizes for the chosen service, with low confidence, and says so', () => {
    const estimate = photoAnalysisSchema.parse(
      estimateFromAnswers({ serviceType: 'Roof Cleaning', notes: null }),
    );
    expect(estimate.surfaces).toEqual([
      expect.objectContaining({
        surfaceType: 'roof_cleaning',
        squareFootage: 2000,
        difficulty: 'easy',
        confidence: LOCAL_ESTIMATE_CONFIDENCE,
      }),
    ]);
    expect(estimate.notes).toContain('without photo analysis');
  });

  it('reads moss, height, a driveway and a stated area from the notes', () => {
    const estimate = estimateFromAnswers({
      serviceType: 'House Soft Wash',
      notes: 'Two-story house, about 2,600 sq ft of siding. Moss on the roof and the driveway is green.',
    });
    const by = Object.fromEntries(estimate.surfaces.map((s) => [s.surfaceType, s]));
    expect(by.house_soft_wash).toMatchObject({ squareFootage: 2600, difficulty: 'moderate' });
    expect(by.moss_removal).toMatchObject({ squareFootage: 1800, difficulty: 'moderate' });
    expect(by.concrete_cleaning).toMatchObject({ squareFootage: 600, difficulty: 'easy' });
  });

  it('quotes a house and its driveway when the customer gave no service (the quote tool)', () => {
    const estimate = estimateFromAnswers({ serviceType: null, notes: null });
    expect(estimate.surfaces.map((s) => s.surfaceType)).toEqual(['house_soft_wash', 'concrete_cleaning']);
  });
});
