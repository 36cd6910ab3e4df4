import {
  MINIMUM_JOB_PRICE,
  formatDollarRange,
  formatDollars,
  formatSquareFeet,
  priceFor,
  type DetailedQuote,
  type PricedSurface,
} from '@washdesk/contract';
import { priceQuote, type PricedArea } from '../../quotes/pricing.ts';
import { difficultyFor } from '../../quotes/local-estimate.ts';
import type { JobDetails } from './job-details.ts';
import { declineWork, workWeDoNotDo } from './outside-trade.ts';

// "How much to wash a two-story house, about 2,400 square feet?" answered with a total from the
// pricing engine (the one place money is computed, $150 minimum included) — or with the question
// that is still needed. Every dollar figure in a reply here comes from the engine's quote.

export type MissingDetail = 'surface' | 'size' | 'stories' | 'concrete-size';

export type JobPrice =
  | {
      kind: 'priced';
      range: { low: number; high: number };
      quote: DetailedQuote;
      areas: PricedArea[];
      details: JobDetails;
    }
  | { kind: 'needs'; missing: MissingDetail[]; details: JobDetails }
  /** Only things the price list has no rate for: the office prices them. */
  | { kind: 'not-on-price-list'; details: JobDetails };

const HOME_SURFACES = new Set<PricedSurface>(['house_soft_wash', 'roof_cleaning', 'moss_removal']);

export function priceOfJob(details: JobDetails): JobPrice {
  const { surfaces, size, stories } = details;
  if (surfaces.length === 0)
    return details.unpricedSurfaces.length
      ? { kind: 'not-on-price-list', details }
      : { kind: 'needs', missing: ['surface'], details };
  const home = surfaces.filter((s) => HOME_SURFACES.has(s));
  const concrete = surfaces.includes('concrete_cleaning');
  const missing: MissingDetail[] = [];
  if (!size) missing.push(concrete && home.length === 0 ? 'concrete-size' : 'size');
  if (home.length && stories === undefined) missing.push('stories');
  // One size given with the house and a driveway: it is the home's; the driveway needs its own.
  if (size && concrete && home.length && details.concreteSquareFeet === undefined)
    missing.push('concrete-size');
  if (missing.length) return { kind: 'needs', missing, details };

  // A roof covers the home's footprint (its size per storey) when the size given was the home's.
  const homeSizeGiven = size!.from === 'bedrooms' || details.aboutTheHome;
  const areas: PricedArea[] = surfaces.map((surfaceType) => ({
    surfaceType,
    squareFootage:
      surfaceType === 'concrete_cleaning'
        ? (details.concreteSquareFeet ?? size!.squareFeet)
        : surfaceType !== 'house_soft_wash' && homeSizeGiven
          ? Math.round(size!.squareFeet / stories!)
          : size!.squareFeet,
    difficulty: surfaceType === 'concrete_cleaning' ? 'easy' : difficultyFor(stories!),
  }));
  const quote = priceQuote(areas);
  return { kind: 'priced', range: quote.priceRange, quote, areas, details };
}

const QUESTIONS: Record<MissingDetail, string> = {
  surface: 'What would you like cleaned: the house, the roof, moss on the roof, or a driveway or patio?',
  size: 'About how many square feet is the house?',
  stories: 'Is it one story, two, or three?',
  'concrete-size': 'About how many square feet is the driveway or patio?',
};

const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** What the caller hears: the engine's range with what it assumed, or the next question. */
export function jobPriceReply(price: JobPrice, said = ''): string {
  const unpriced = price.details.unpricedSurfaces;
  const notOurs = workWeDoNotDo(said);
  const notListed = [
    unpriced.length
      ? `We don't have a set price for the ${listed(unpriced)}; the office will price that after a look.`
      : '',
    notOurs ? declineWork(notOurs) : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (price.kind === 'not-on-price-list')
    return `${notListed} Would you like a free on-site estimate?`.trim();
  if (price.kind === 'needs') return [notListed, QUESTIONS[price.missing[0]!]].filter(Boolean).join(' ');
  const { size, stories } = price.details;
  const services = listed(price.areas.map((a) => priceFor(a.surfaceType).label.toLowerCase()));
  const basis =
    size!.from === 'bedrooms'
      ? `a typical ${size!.bedrooms}-bedroom home of about ${formatSquareFeet(size!.squareFeet)} (a guess; the real size changes the price)`
      : `about ${formatSquareFeet(size!.squareFeet)}`;
  const concrete = price.details.concreteSquareFeet;
  const concreteSaid = concrete === undefined ? '' : ` (the concrete about ${formatSquareFeet(concrete)})`;
  const storeys = stories === undefined ? '' : `, ${stories} ${stories === 1 ? 'story' : 'stories'}`;
  const minimum =
    price.range.low === MINIMUM_JOB_PRICE
      ? ` Our minimum for any job is ${formatDollars(MINIMUM_JOB_PRICE)}.`
      : '';
  return [
    `For ${services} at ${basis}${storeys}${concreteSaid}, the total would be about ${formatDollarRange(price.range)}.${minimum}`,
    notListed,
    'The free on-site estimate confirms the price.',
  ]
    .filter(Boolean)
    .join(' ');
}
