import {
  formatSquareFeet,
  priceFor,
  type AnalyzedSurface,
  type Difficulty,
  type PhotoAnalysis,
  type PricedSurface,
} from '@washdesk/contract';
import { jobDetailsOf } from '../assistant/tools/job-details.ts';

// Without an AI key, or when the model fails, the quote comes from what the customer told us: the
// service, the size of the home when given, and the notes; otherwise typical sizes of homes in the
// area. Nothing here looks at the photos, and the texts say so.

export const LOCAL_ESTIMATE_CONFIDENCE = 0.3;
export const LOCAL_ESTIMATE_NOTE =
  'Rough estimate from your answers, without photo analysis. Our free on-site estimate confirms the price.';
/** When a size was not given, the customer is told where the square feet came from. */
export const TYPICAL_SIZE_NOTE =
  'Rough estimate from your answers and typical sizes of homes in our area, without photo analysis: your photos were not measured. Our free on-site estimate confirms the price.';
const TYPICAL_SIZE_SURFACE_NOTE = 'Typical size; not measured from photos.';

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

/** A number of square feet the customer wrote ("about 2,400 sq ft", "1800 square feet"). */
const statedArea = (notes: string) => {
  const match = /(\d{1,2},?\d{3}|\d{3})\s*(sq\.?\s*ft|square\s*f(ee|oo)t|sf)\b/i.exec(notes);
  return match ? Number(match[1]!.replace(',', '')) : undefined;
};

/** Storeys from the notes when the customer did not pick them ("two-story", "2 story"). */
const storiesInNotes = (notes: string) =>
  /three[- ]?stor|3[- ]?stor/i.test(notes) ? 3 : /two[- ]?stor|2[- ]?stor|tall|steep/i.test(notes) ? 2 : 1;

/** Higher walls and roofs need ladders, lifts and more time. */
export const difficultyFor = (stories: number): Difficulty =>
  stories >= 3 ? 'difficult' : stories === 2 ? 'moderate' : 'easy';

export interface CustomerAnswers {
  serviceType: string | null;
  notes: string | null;
  /** Storeys of the home, when the customer gave them. */
  stories?: number | null;
  /** Approximate square feet of the home, when the customer gave them. */
  squareFeet?: number | null;
  /** The services the customer picked on the quote tool: only these are priced. */
  services?: readonly PricedSurface[] | null;
}

/**
 * What is priced: the services picked on the quote tool, else the service chosen on the form (with
 * what the notes add), else what the notes name ("just the driveway" is concrete only); only when
 * nothing at all says what, the typical house and driveway.
 */
function surfacesAsked(input: CustomerAnswers, notes: string, named: PricedSurface[]): Set<PricedSurface> {
  if (input.services?.length) return new Set(input.services);
  const chosen = SERVICE_SURFACES.find(([pattern]) => pattern.test(input.serviceType ?? ''))?.[1];
  if (!chosen) return new Set(named.length ? named : ['house_soft_wash', 'concrete_cleaning']);
  const surfaces = new Set<PricedSurface>(chosen);
  if (/moss/i.test(notes)) {
    surfaces.delete('roof_cleaning');
    surfaces.add('moss_removal');
  }
  if (/driveway|walkway|patio/i.test(notes)) surfaces.add('concrete_cleaning');
  return surfaces;
}

export function estimateFromAnswers(input: CustomerAnswers): PhotoAnalysis {
  const notes = input.notes ?? '';
  // The notes read as the phone assistant reads a caller: each size goes to the surface it was said of.
  const said = jobDetailsOf(notes);
  const surfaces = surfacesAsked(input, notes, said.surfaces);
  const stories = input.stories ?? said.stories ?? storiesInNotes(notes);
  const fromNotes = statedArea(notes);
  const concreteOnlyNotes = said.surfaces.length > 0 && said.surfaces.every((s) => s === 'concrete_cleaning');
  const concreteArea =
    said.concreteSquareFeet ??
    (concreteOnlyNotes && said.size?.from === 'caller' ? said.size.squareFeet : null);
  const homeArea =
    input.squareFeet ??
    (concreteOnlyNotes
      ? null
      : said.size?.from === 'caller'
        ? said.size.squareFeet
        : fromNotes && fromNotes >= 20 && fromNotes <= 20_000
          ? fromNotes
          : null);

  const list: AnalyzedSurface[] = [...surfaces].map((surfaceType) => {
    // The house is washed over its size; a roof covers the home's footprint, its size per storey.
    const given =
      surfaceType === 'concrete_cleaning'
        ? concreteArea
        : homeArea === null
          ? null
          : surfaceType === 'house_soft_wash'
            ? homeArea
            : Math.max(20, Math.round(homeArea / stories));
    return {
      surfaceType,
      squareFootage: given ?? TYPICAL[surfaceType],
      difficulty: surfaceType === 'concrete_cleaning' ? 'easy' : difficultyFor(stories),
      confidence: LOCAL_ESTIMATE_CONFIDENCE,
      notes:
        given === null
          ? TYPICAL_SIZE_SURFACE_NOTE
          : surfaceType === 'house_soft_wash' || surfaceType === 'concrete_cleaning'
            ? `From the size you gave: ${formatSquareFeet(given)}.`
            : `From the size you gave: ${formatSquareFeet(homeArea!)} over ${stories} ${stories === 1 ? 'story' : 'stories'}.`,
    };
  });
  return {
    surfaces: list,
    // The same names the pricing engine gives these surfaces in the same quote.
    recommendedServices: list.map((s) => priceFor(s.surfaceType).label),
    notes: list.some((s) => s.notes === TYPICAL_SIZE_SURFACE_NOTE) ? TYPICAL_SIZE_NOTE : LOCAL_ESTIMATE_NOTE,
  };
}
