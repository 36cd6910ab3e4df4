import { SERVICE_RADIUS_MILES } from '@washdesk/contract';
import gazetteer from './service-area-places.json' with { type: 'json' };
import wide from './wide-places.json' with { type: 'json' };
import { placesNamedIn, STATE_NAMES, type Place, type StateCode } from './place-names.ts';

// "Do you come out to Willits?" is answered from a gazetteer (see SOURCES.md), never from the
// wording of an FAQ entry: a town of a served county is in the area, a known town elsewhere is
// outside (naming its county), and a place we do not know goes to the office.

const NEAR: readonly Place[] = gazetteer.places;
const nearNames = new Set(NEAR.map((p) => p.name.toLowerCase()));
/**
 * The hand-checked towns first, then every post office town of California, Oregon and Nevada
 * (wide-places.json, see SOURCES.md) that they do not already hold: a caller's town anywhere in
 * the three states gets its county.
 */
export const PLACES: readonly Place[] = [
  ...NEAR,
  ...(wide.places as [string, string, StateCode, number, number, string][])
    .filter(([name, , state]) => !(state === 'CA' && nearNames.has(name.toLowerCase())))
    .map(([name, county, state, lat, lon, flags]) => ({
      name,
      county,
      lat,
      lon,
      source: 'geonames-wide',
      ...(state === 'CA' ? {} : { state }),
      ...(flags.includes('w') ? { everydayWord: true } : {}),
      ...(flags.includes('s') ? { sharedName: true } : {}),
    })),
];

export interface ServiceAreaConfig {
  /** Counties served, as the gazetteer spells them ("Humboldt"). */
  counties: readonly string[];
  /** Where the trucks leave from; with it, towns past the radius go to the office to confirm. */
  base?: { name: string; lat: number; lon: number };
  radiusMiles: number;
}

export type ServiceAreaAnswer =
  | { kind: 'in-area'; place: Place; distanceMiles?: number }
  /** In a served county but past the radius from the base: the office decides. */
  | { kind: 'confirm-with-office'; place: Place; distanceMiles: number }
  | { kind: 'outside'; place: Place }
  /** A whole county named ("anywhere in Trinity County?"). */
  | { kind: 'county'; county: string; served: boolean }
  | { kind: 'unknown' };

const EARTH_RADIUS_MILES = 3958.8;
const radians = (deg: number) => (deg * Math.PI) / 180;
/** Great-circle distance; roads are longer, so it is said as "about". */
export function milesBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h));
}

/** The counties the served ones are chosen from: California's (the business's state). */
const COUNTIES = [...new Set(PLACES.filter((p) => !p.state).map((p) => p.county))];
const served = (place: Place, config: ServiceAreaConfig) =>
  !place.state && config.counties.includes(place.county);
/** "Humboldt County" for a Californian town, "Washoe County, Nevada" past the state line. */
export const countyOf = (place: Place) =>
  `${place.county === place.name ? place.county : `${place.county} County`}${place.state ? `, ${STATE_NAMES[place.state]}` : ''}`;

/**
 * The tool's settings from the server's: the served counties are those SERVICE_AREA names
 * ("Mendocino, Humboldt and Trinity counties…"); the base is a gazetteer town or "lat,lon"
 * (SERVICE_BASE_LOCATION, see .env.example); the radius SERVICE_RADIUS_MILES, else the advertised one.
 */
export function serviceAreaConfigFrom(settings: {
  serviceArea: string;
  baseLocation?: string;
  radiusMiles?: number;
}): ServiceAreaConfig {
  const area = settings.serviceArea.toLowerCase();
  const counties = COUNTIES.filter((c) => new RegExp(`\\b${c.toLowerCase()}\\b`).test(area));
  return {
    counties,
    base: settings.baseLocation ? baseOf(settings.baseLocation) : undefined,
    radiusMiles: settings.radiusMiles ?? SERVICE_RADIUS_MILES,
  };
}

/** SERVICE_BASE_LOCATION is a town of the gazetteer or "lat,lon" (config.ts refuses anything else). */
export function isServiceBase(text: string): boolean {
  try {
    baseOf(text);
    return true;
  } catch {
    return false;
  }
}

function baseOf(text: string): ServiceAreaConfig['base'] {
  const point = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(text);
  if (point) return { name: text.trim(), lat: Number(point[1]), lon: Number(point[2]) };
  // The trucks leave from a town of the hand-checked gazetteer (the served counties and their
  // neighbours), not from any post office town of three states ("Springfield" is in several).
  const town = NEAR.find((p) => p.name.toLowerCase() === text.trim().toLowerCase());
  if (!town) throw new Error(`"${text}" is neither a town of the gazetteer nor "latitude,longitude"`);
  return { name: town.name, lat: town.lat, lon: town.lon };
}

const COUNTY_NAMED = new RegExp(`\\b(${COUNTIES.map((c) => c.toLowerCase()).join('|')})\\s+county\\b`, 'i');
/** County names no town or word shares, understood without "county" ("we're in Humboldt"). */
const COUNTY_ALONE = /\b(humboldt|trinity|del norte|siskiyou)\b/i;

/** Which place the caller means, and whether it is served. */
export function serviceAreaOf(placeText: string, config: ServiceAreaConfig): ServiceAreaAnswer {
  const [place] = placesNamedIn(placeText, PLACES);
  if (!place) {
    const county = (COUNTY_NAMED.exec(placeText) ?? COUNTY_ALONE.exec(placeText))?.[1];
    if (!county) return { kind: 'unknown' };
    const name = COUNTIES.find((c) => c.toLowerCase() === county.toLowerCase())!;
    return { kind: 'county', county: name, served: config.counties.includes(name) };
  }
  if (!served(place, config)) return { kind: 'outside', place };
  if (!config.base) return { kind: 'in-area', place };
  const distanceMiles = Math.round(milesBetween(config.base, place));
  return distanceMiles <= config.radiusMiles
    ? { kind: 'in-area', place, distanceMiles }
    : { kind: 'confirm-with-office', place, distanceMiles };
}

/** What the caller hears: the tool's facts, nothing added. */
export function serviceAreaReply(answer: ServiceAreaAnswer, config: ServiceAreaConfig): string {
  switch (answer.kind) {
    case 'in-area':
      return `Yes, ${answer.place.name} is in ${answer.place.county} County, in our service area.`;
    case 'confirm-with-office':
      return `${answer.place.name} is in ${answer.place.county} County, about ${answer.distanceMiles} miles from ${config.base!.name}, a bit past our usual ${config.radiusMiles} miles. I'll have the office confirm whether we can come out.`;
    case 'outside':
      return `${answer.place.name} is in ${countyOf(answer.place)}, which is outside our service area. We serve ${countiesSaid(config.counties)} counties.`;
    case 'county':
      return answer.served
        ? `Yes, we serve ${answer.county} County.`
        : `${answer.county} County is outside our service area. We serve ${countiesSaid(config.counties)} counties.`;
    case 'unknown':
      return "I'm not sure where that is. I'll have the office confirm whether we can come out.";
  }
}

const countiesSaid = (counties: readonly string[]) =>
  counties.length <= 1 ? (counties[0] ?? '') : `${counties.slice(0, -1).join(', ')} and ${counties.at(-1)}`;
