import type { PricedSurface } from '@washdesk/contract';
import { withDigits } from './spoken-numbers.ts';

// What a caller says about the job — the surfaces, the size, the storeys — read into the pricing
// engine's terms. A surface the price list has no rate for (a deck, a fence, gutters) is named as
// such, so it is never priced as something else.

export type SizeSource = 'caller' | 'bedrooms';

export interface JobDetails {
  surfaces: PricedSurface[];
  /** Things the caller wants cleaned that the price list has no rate for, in their words. */
  unpricedSurfaces: string[];
  /** Square feet; `from: 'bedrooms'` is a guess from the number of bedrooms, and says so. */
  size?: { squareFeet: number; from: SizeSource; bedrooms?: number };
  stories?: number;
  /** Square feet of the driveway or patio, when said apart from the home's. */
  concreteSquareFeet?: number;
  /** The caller spoke of the house or home, so a size they gave is the home's (a roof is its footprint). */
  aboutTheHome: boolean;
}

/**
 * Typical living area of a home in the area by bedrooms, for a caller who knows the bedrooms but
 * not the square feet. A guess, always said as one ("a typical three-bedroom, about 1,600 sq ft").
 */
export const TYPICAL_SQUARE_FEET_BY_BEDROOMS: Record<number, number> = {
  1: 800,
  2: 1100,
  3: 1600,
  4: 2200,
  5: 2800,
};

const SIZE = /\b(\d{2,5}(?:\.\d+)?)\s*(?:square|sq|sqft|sf\b|ft2|square feet)/;
const STORIES = /\b([1-4])\s*(?:story|stories|storey|storeys|stor(?:y|ies)|level|levels|floor|floors)\b/;
const ONE_STORY =
  /\b(ranch(?:er| style| house)|rambler|single wide|double wide|mobile home|manufactured home)\b/;
const BEDROOMS = /\b([1-6])\s*(?:bed|beds|bedroom|bedrooms|br|bdrm)\b/;

const SURFACE_WORDS: [RegExp, PricedSurface][] = [
  [/\bmoss\b/, 'moss_removal'],
  [/\broofs?\b|\bshingles?\b/, 'roof_cleaning'],
  [/\b(house|home|siding|exterior|stucco|cabin|trailer|mobile home)\b/, 'house_soft_wash'],
  [/\b(driveway|patio|walkway|sidewalk|concrete|pavers?|garage floor)\b/, 'concrete_cleaning'],
];
/** What callers ask about that the price list has no rate for. */
const UNPRICED =
  /\b(deck|decks|fence|fences|fencing|gutters?|windows?|solar panels?|boats?|rvs?|cars?|trucks?|awnings?|pergolas?|gazebos?|sheds?|barns?|chimneys?|docks?|graffiti|tennis courts?)\b/g;

/** The surfaces and size a caller described; `answering: 'size'` reads a bare number as the size. */
export function jobDetailsOf(text: string, options: { answering?: 'size' } = {}): JobDetails {
  const said = withDigits(text);
  // "the roof of the house", "my house's roof", "moss on the house": the house is where, not what.
  const about = said
    .replace(
      /\b(roof|moss)\b(.*?)\s+(on|of|off|for)\s+(the|my|our|a)?\s*(\d story\s+)?(house|home|cabin)\b/g,
      '$1$2',
    )
    .replace(/\b(house|home|cabin)('s)?\s+roof\b/g, 'roof')
    // A pool deck is concrete; a deck is wood, which the price list has no rate for.
    .replace(/\bpool deck\b/g, 'pool concrete');
  const surfaces = new Set<PricedSurface>();
  for (const [pattern, surface] of SURFACE_WORDS) if (pattern.test(about)) surfaces.add(surface);
  // Moss is taken off the roof it grows on: one job, priced as moss removal.
  if (surfaces.has('moss_removal')) surfaces.delete('roof_cleaning');
  // "Moss on my roof, it's a two story house": with a roof, the house is what it sits on, unless
  // the caller wants it washed too ("the roof and the house", "wash the siding").
  const roofJob = surfaces.has('moss_removal') || surfaces.has('roof_cleaning');
  if (
    roofJob &&
    !/\b(wash\w*|siding|stucco)\b|\b(house|home) and\b|\band (the |my )?(house|home)\b/.test(about)
  )
    surfaces.delete('house_soft_wash');
  const unpricedSurfaces = [...new Set([...about.matchAll(UNPRICED)].map((m) => m[1]!))];

  // "A two-story, about 2,400 square feet" with nothing else named: storeys and bedrooms are a home's.
  if (surfaces.size === 0 && unpricedSurfaces.length === 0 && (STORIES.test(said) || BEDROOMS.test(said)))
    surfaces.add('house_soft_wash');
  const details: JobDetails = {
    surfaces: [...surfaces],
    unpricedSurfaces,
    aboutTheHome: /\b(house|home|cabin)\b/.test(said),
  };
  const stories = STORIES.exec(said)?.[1] ?? (ONE_STORY.test(said) ? '1' : undefined);
  if (stories) details.stories = Number(stories);

  const stated =
    SIZE.exec(said)?.[1] ?? (options.answering === 'size' ? /\b(\d{3,5})\b/.exec(said)?.[1] : undefined);
  const squareFeet = stated ? Math.round(Number(stated)) : undefined;
  if (squareFeet && squareFeet >= 50 && squareFeet <= 20_000) details.size = { squareFeet, from: 'caller' };
  else {
    const bedrooms = Number(BEDROOMS.exec(said)?.[1]);
    const typical = TYPICAL_SQUARE_FEET_BY_BEDROOMS[bedrooms];
    if (typical) details.size = { squareFeet: typical, from: 'bedrooms', bedrooms };
  }
  // "…and the driveway's about 500": a second size said with the concrete is the concrete's.
  const concrete =
    /\b(?:driveway|patio|walkway|sidewalk|concrete)\b\D{0,30}?(\d{2,5})\b/.exec(said)?.[1] ??
    // "…and a 400 sq ft patio": the size said just before the concrete.
    /\b(\d{2,5})\s*(?:square feet|square foot|sq\.? ?ft|sqft|sf)\s+(?:of\s+)?(?:\w+\s+)?(?:driveway|patio|walkway|sidewalk|concrete)\b/.exec(
      said,
    )?.[1];
  if (concrete && details.size?.from === 'caller' && Number(concrete) !== details.size.squareFeet)
    details.concreteSquareFeet = Number(concrete);
  return details;
}
