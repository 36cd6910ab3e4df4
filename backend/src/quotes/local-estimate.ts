import type { AnalyzedSurface, Difficulty, PhotoAnalysis, PricedSurface } from '@washdesk/contract';

// Without an AI key, or when the model fails, the quote comes from what the customer told us and
// typical sizes of homes in the area. It is honest about it: low confidence, and it says so.

export const LOCAL_ESTIMATE_CONFIDENCE = 0.3;
export const LOCAL_ESTIMATE_NOTE =
  'Estimate without photo analysis, from typical sizes for the service you chose. Our free on-site estimate confirms the price.';

/** Typical areas in square feet for the services customers pick. */
const TYPICAL: Record<PricedSurface, number> = {
  house_soft_wash: 2200,
  roof_cleaning: 2000,
  moss_removal: 1800,
  concrete_cleaning: 600,
};

const SERVICE_SURFACES: [RegExp, PricedSurface[]][] = [
  [/house|siding/i, ['house_soft_wash']],
  [/roof/i, ['roof_cleaning']],
  [/driveway|concrete|pressure/i, ['concrete_cleaning']],
  [/deck|patio/i, ['concrete_cleaning']],
  [/fence|window|gutter/i, ['house_soft_wash']],
  [/multiple/i, ['house_soft_wash', 'concrete_cleaning']],
];

const LABELS: Record<PricedSurface, string> = {
  house_soft_wash: 'House soft wash',
  roof_cleaning: 'Roof cleaning',
  moss_removal: 'Roof moss removal',
  concrete_cleaning: 'Driveway and concrete cleaning',
};

/** A number of square feet the customer wrote ("about 2,400 sq ft", "1800 square feet"). */
const statedArea = (notes: string) => {
  const match = /(\d{1,2},?\d{3}|\d{3})\s*(sq\.?\s*ft|square\s*f(ee|oo)t|sf)\b/i.exec(notes);
  return match ? Number(match[1]!.replace(',', '')) : undefined;
};

export function estimateFromAnswers(input: {
  serviceType: string | null;
  notes: string | null;
}): PhotoAnalysis {
  const notes = input.notes ?? '';
  const surfaces = new Set<PricedSurface>(
    SERVICE_SURFACES.find(([pattern]) => pattern.test(input.serviceType ?? ''))?.[1] ?? [
      'house_soft_wash',
      'concrete_cleaning',
    ],
  );
  if (/moss/i.test(notes)) {
    surfaces.delete('roof_cleaning');
    surfaces.add('moss_removal');
  }
  if (/driveway|walkway|patio/i.test(notes)) surfaces.add('concrete_cleaning');
  const tall = /two[- ]?stor|2[- ]?stor|three[- ]?stor|tall|steep/i.test(notes);
  const area = statedArea(notes);

  const list: AnalyzedSurface[] = [...surfaces].map((surfaceType) => {
    const difficulty: Difficulty = tall && surfaceType !== 'concrete_cleaning' ? 'moderate' : 'easy';
    const stated =
      surfaceType === 'house_soft_wash' && area && area >= 20 && area <= 20_000 ? area : undefined;
    return {
      surfaceType,
      squareFootage: stated ?? TYPICAL[surfaceType],
      difficulty,
      confidence: LOCAL_ESTIMATE_CONFIDENCE,
      notes: stated ? 'Area as you described it.' : 'Typical size; not measured from photos.',
    };
  });
  return {
    surfaces: list,
    recommendedServices: list.map((s) => LABELS[s.surfaceType]),
    notes: LOCAL_ESTIMATE_NOTE,
  };
}
