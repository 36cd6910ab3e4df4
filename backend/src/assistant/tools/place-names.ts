// Finding a town in a whole sentence as a caller says it or as speech recognition writes it:
// "do you come out to willits", "we're up in Ft. Bragg", "garbage ville". A wrong town is worse
// than none (the assistant would say "yes, we come out" or "no" for the wrong place), so:
// - a town that is also an everyday word or a first name (Weed, Elk, Nice, Miranda…) counts only
//   right after "in", "to", "near"… or a street ("up in Weed", "12 Ocean Road, Trinidad"), never
//   in "weeds on my patio" or "this is Miranda";
// - a name followed by "road", "street"… is a street, not the caller's town;
// - spelling slips are forgiven only on long names, where one letter cannot make another word
//   ("Redding" is one letter from "wedding", so short names need an exact match).

export interface Place {
  name: string;
  county: string;
  lat: number;
  lon: number;
  source: string;
  /** Absent: California (the hand-checked gazetteer is all Californian). */
  state?: StateCode;
  /** An everyday word or first name (wide gazetteer): a town only after a place word or with its state. */
  everydayWord?: boolean;
  /** A name many US states share ("Springfield"): placed only with its state said. */
  sharedName?: boolean;
}

export type StateCode = 'CA' | 'OR' | 'NV';
export const STATE_NAMES: Record<StateCode, string> = { CA: 'California', OR: 'Oregon', NV: 'Nevada' };
/** The state said right after a town ("Reno, Nevada", "Bend OR" is too risky: "or" is a word). */
const STATE_WORDS: Record<string, StateCode> = {
  california: 'CA',
  calif: 'CA',
  ca: 'CA',
  oregon: 'OR',
  ore: 'OR',
  nevada: 'NV',
  nv: 'NV',
};

/** Everyday words and first names that are also towns here: only after a place preposition. */
const NEEDS_PLACE_WORD = new Set([
  'anderson',
  'albion',
  'bayside',
  'bodega',
  'branscomb',
  'callahan',
  'carlotta',
  'caspar',
  'chico',
  'cobb',
  'corning',
  'cottonwood',
  'dorris',
  'eldridge',
  'elk',
  'finley',
  'fulton',
  'gazelle',
  'gerber',
  'glenn',
  'honeydew',
  'igo',
  'klamath',
  'korbel',
  'leggett',
  'loleta',
  'lucerne',
  'manchester',
  'manila',
  'middletown',
  'miranda',
  'montague',
  'navarro',
  'nice',
  'occidental',
  'orleans',
  'philo',
  'piercy',
  'ruth',
  'salyer',
  'samoa',
  'shasta',
  'talmage',
  'tehama',
  'trinidad',
  'vina',
  'weed',
  'willows',
  'windsor',
  'zenia',
  'graton',
]);
const PLACE_WORDS = new Set([
  'in',
  'to',
  'at',
  'near',
  'from',
  'around',
  'by',
  'past',
  'outside',
  'of',
  'into',
  'toward',
  'towards',
  'beyond',
  'over',
  'out',
  'up',
  'down',
]);
const STREET_WORDS = new Set([
  'road',
  'rd',
  'street',
  'st',
  'avenue',
  'ave',
  'drive',
  'dr',
  'lane',
  'ln',
  'way',
  'highway',
  'hwy',
  'boulevard',
  'blvd',
  'court',
  'ct',
  'place',
  'pl',
  'loop',
  'trail',
]);
/** How speech recognition has written these towns (checked by saying them to it). */
const HEARD_AS: Record<string, string> = {
  garbageville: 'Garberville',
  garbervill: 'Garberville',
  willets: 'Willits',
  willitts: 'Willits',
  willit: 'Willits',
  yukaya: 'Ukiah',
  youkaya: 'Ukiah',
  ukaya: 'Ukiah',
  yukiah: 'Ukiah',
  arcada: 'Arcata',
  hupa: 'Hoopa',
  redwaye: 'Redway',
};
/** Abbreviations callers and recognisers write. */
const SPELLED_OUT: Record<string, string> = { ft: 'fort', pt: 'point', mt: 'mount', saint: 'st' };

/** Words no town name here is made of, though speech joins them into one ("will it" → "willit"). */
const LITTLE_WORDS = new Set([
  'it',
  'is',
  'a',
  'an',
  'to',
  'in',
  'on',
  'of',
  'at',
  'or',
  'i',
  'we',
  'you',
  'my',
]);
const MIN_FUZZY_LENGTH = 9;
const MAX_SPAN = 4;

export const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/['’.]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => SPELLED_OUT[w] ?? w);

interface Indexed {
  /** Every place of that name, the hand-checked one first ("Eureka": Humboldt's, then Nevada's). */
  places: Place[];
  key: string;
}
/** The long names by length: a name one letter off is at most one letter longer or shorter. */
type ByLength = Map<number, Indexed[]>;
const indexes = new WeakMap<readonly Place[], { byKey: Map<string, Indexed>; long: ByLength }>();
/** Only the hand-checked towns forgive a spelling slip: among all of three states, one letter is another town. */
const WIDE_SOURCE = 'geonames-wide';
function indexOf(places: readonly Place[]) {
  let index = indexes.get(places);
  if (!index) {
    const byKey = new Map<string, Indexed>();
    for (const place of places) {
      const key = wordsOf(place.name).join('');
      const entry = byKey.get(key);
      if (entry) entry.places.push(place);
      else byKey.set(key, { places: [place], key });
    }
    for (const [heard, name] of Object.entries(HEARD_AS)) {
      const place = places.find((p) => p.name === name);
      if (place) byKey.set(heard, { places: [place], key: heard });
    }
    const long: ByLength = new Map();
    for (const e of byKey.values())
      if (e.key.length >= MIN_FUZZY_LENGTH && e.places[0]!.source !== WIDE_SOURCE)
        long.set(e.key.length, [...(long.get(e.key.length) ?? []), e]);
    index = { byKey, long };
    indexes.set(places, index);
  }
  return index;
}

/** Levenshtein distance at most 1, in one pass (a turn reads dozens of spans against every long name). */
function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  // Past the first difference the rest must match: after a changed letter, or a letter more in `long`.
  return short.length === long.length
    ? short.slice(i + 1) === long.slice(i + 1)
    : short.slice(i) === long.slice(i + 1);
}

/** A long name one letter off what was heard ("Willets", "McKinley ville"). */
function nearlyNamed(long: ByLength, heard: string): Indexed | undefined {
  for (const length of [heard.length, heard.length - 1, heard.length + 1])
    for (const e of long.get(length) ?? []) if (oneEditApart(heard, e.key)) return e;
  return undefined;
}

/**
 * Which of the places of one name is meant: the one of the state said after it; else California's
 * (the business's state); else the only one, when its name is not one many states share.
 */
function placeMeant(entry: Indexed, state: StateCode | undefined): Place | undefined {
  if (state) return entry.places.find((p) => (p.state ?? 'CA') === state);
  return entry.places.find((p) => (p.state ?? 'CA') === 'CA') ?? entry.places.find((p) => !p.sharedName);
}

/** The towns named in a sentence, in the order said; streets and everyday words left out. */
export function placesNamedIn(text: string, places: readonly Place[]): Place[] {
  const { byKey, long } = indexOf(places);
  const words = wordsOf(text);
  const found: Place[] = [];
  for (let i = 0; i < words.length; i++) {
    let match: { entry: Indexed; span: number } | undefined;
    // The longest span first: "Shasta Lake" before "Shasta", "Bodega Bay" before "Bodega".
    for (let span = Math.min(MAX_SPAN, words.length - i); span >= 1 && !match; span--) {
      // "will it" is not "willit" (Willits as heard): a span with a little word is no town's name.
      if (span > 1 && words.slice(i, i + span).some((w) => LITTLE_WORDS.has(w))) continue;
      const joined = words.slice(i, i + span).join('');
      const exact = byKey.get(joined);
      const near = exact ?? (joined.length >= MIN_FUZZY_LENGTH ? nearlyNamed(long, joined) : undefined);
      if (near) match = { entry: near, span };
    }
    if (!match) continue;
    const before = words[i - 1];
    const after = words[i + match.span];
    const key = match.entry.key;
    const state = after === undefined ? undefined : STATE_WORDS[after];
    const place = placeMeant(match.entry, state);
    const county = after === 'county' || after === 'counties';
    const street = after !== undefined && STREET_WORDS.has(after);
    // "9 Ocean View Road, Trinidad": the town of an address follows its street.
    const placeContext =
      state !== undefined || (before !== undefined && (PLACE_WORDS.has(before) || STREET_WORDS.has(before)));
    const needsPlaceWord = (NEEDS_PLACE_WORD.has(key) || place?.everydayWord === true) && !placeContext;
    if (place && !county && !street && !needsPlaceWord && !(before === 'new' && key === 'orleans'))
      found.push(place);
    i += match.span - 1;
  }
  return [...new Set(found)];
}
