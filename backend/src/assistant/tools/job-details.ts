import type { PricedSurface } from '@washdesk/contract';
import { isSpanish } from '../spanish.ts';
import { withDigits } from './spoken-numbers.ts';
import { toolWordsOf } from './spanish-words.ts';

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
  /\b(deck|decks|fence|fences|fencing|gutters?|windows?|solar panels?|awnings?|pergolas?|gazebos?|sheds?|barns?|chimneys?|docks?|graffiti|tennis courts?)\b/g;

const HOME_WORD = /\b(house|home|siding|exterior|stucco|cabin|trailer|roofs?|shingles?)\b/g;
const CONCRETE_WORD = /\b(driveway|patio|walkway|sidewalk|concrete|pavers?|garage floor)\b/g;
/** A number followed by these is not a size: storeys, bedrooms, hours, years, money. */
const NOT_A_SIZE =
  /^\s*(story|stories|storey|storeys|level|levels|floor|floors|bed|beds|bedroom|bedrooms|br|bdrm|am|pm|a\.m|p\.m|o'?clock|percent|dollars|bucks|years?|st|nd|rd|th)\b/;
const UNIT = /^\s*(?:square|sq\b|sq\.|sqft|sf\b|ft2|feet|foot|ft\b)/;
/** "The house is 1,800", "the driveway maybe 800": a bare number said of a surface. */
const HEDGE =
  /\b(is|are|was|about|maybe|around|like|roughly|approximately|probably|say|'s|at least|under|over|just|only|close to|near)\s*$/;
const PHONE_NUMBER = /(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/g;

interface SurfaceSizes {
  home?: number;
  concrete?: number;
  /** Sizes said of no surface in particular, in the order said. */
  unplaced: number[];
}

/**
 * Each size to the surface it was said of: "the house is about 2,400 and the driveway maybe 800",
 * "the driveway's eight hundred square feet and the house is 1,800", "a 400 sq ft patio". A size
 * belongs to the surface named just before it in the same sentence, or right after its unit.
 */
function sizesBySurface(said: string, answeringSize: boolean): SurfaceSizes {
  const text = said.replace(PHONE_NUMBER, ' ');
  const mentions = [
    ...[...text.matchAll(HOME_WORD)].map((m) => ({ at: m.index, kind: 'home' as const })),
    ...[...text.matchAll(CONCRETE_WORD)].map((m) => ({ at: m.index, kind: 'concrete' as const })),
  ].sort((a, b) => a.at - b.at);
  const sizes: SurfaceSizes = { unplaced: [] };
  for (const m of text.matchAll(/(?<![$\d.])\b(\d{2,5}(?:\.\d+)?)\b(?!\.\d|\d)/g)) {
    const value = Number(m[1]);
    const end = m.index + m[0].length;
    const after = text.slice(end);
    if (value < 50 || value > 20_000 || NOT_A_SIZE.test(after)) continue;
    const unit = UNIT.exec(after);
    const before = text.slice(0, m.index);
    const sentenceStart = Math.max(...['.', '?', '!', ';'].map((p) => before.lastIndexOf(p))) + 1;
    const named = mentions.filter((x) => x.at >= sentenceStart && x.at < m.index).at(-1);
    // "a 400 sq ft patio", "a 2000 square foot house": the surface right after the unit.
    const following = unit
      ? /^\s*(?:of\s+)?(?:\w+\s+)?(driveway|patio|walkway|sidewalk|concrete|pavers?|house|home|cabin)\b/.exec(
          after.slice(unit[0].length).replace(/^\s*(feet|foot|ft)\b\.?/, ''),
        )?.[1]
      : undefined;
    const kind = following
      ? /house|home|cabin/.test(following)
        ? 'home'
        : 'concrete'
      : named && (unit || HEDGE.test(before) || value >= 100)
        ? named.kind
        : undefined;
    if (!kind && !unit && !answeringSize) continue;
    if (kind && sizes[kind] === undefined) sizes[kind] = value;
    else if (!kind) sizes.unplaced.push(value);
  }
  return sizes;
}

/** The surfaces and size a caller described; `answering: 'size'` reads a bare number as the size. */
export function jobDetailsOf(text: string, options: { answering?: 'size' } = {}): JobDetails {
  // A Spanish caller's words, read by the same rules ("una casa de dos pisos" → "house 2 stories").
  const said = withDigits(isSpanish(text) ? toolWordsOf(text) : text);
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

  const sizes = sizesBySurface(said, options.answering === 'size');
  const homeJob = surfaces.has('house_soft_wash') || roofJob;
  const concreteJob = surfaces.has('concrete_cleaning');
  // The size said of each surface goes to it; a size said of nothing in particular is the home's,
  // or the concrete's when only concrete is to be cleaned ("just the driveway, about 800 sq ft").
  const stated =
    homeJob || !concreteJob
      ? (sizes.home ?? sizes.unplaced[0] ?? (concreteJob ? undefined : sizes.concrete))
      : (sizes.concrete ?? sizes.unplaced[0] ?? sizes.home);
  if (stated) details.size = { squareFeet: Math.round(stated), from: 'caller' };
  else {
    const bedrooms = Number(BEDROOMS.exec(said)?.[1]);
    const typical = TYPICAL_SQUARE_FEET_BY_BEDROOMS[bedrooms];
    if (typical) details.size = { squareFeet: typical, from: 'bedrooms', bedrooms };
  }
  // "…and the driveway's about 500": a second size said with the concrete is the concrete's.
  const concrete = homeJob ? (sizes.concrete ?? (sizes.home ? undefined : sizes.unplaced[1])) : undefined;
  if (concrete && details.size?.from === 'caller' && concrete !== details.size.squareFeet)
    details.concreteSquareFeet = Math.round(concrete);
  return details;
}
