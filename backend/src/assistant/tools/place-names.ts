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
}

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

/** Levenshtein distance, stopping early past `limit`. */
function within(a: string, b: string, limit: number) {
  if (Math.abs(a.length - b.length) > limit) return false;
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...next) > limit) return false;
    row = next;
  }
  return row[b.length]! <= limit;
}

interface Indexed {
  place: Place;
  key: string;
  words: number;
}
const indexes = new WeakMap<readonly Place[], { byKey: Map<string, Indexed>; long: Indexed[] }>();
function indexOf(places: readonly Place[]) {
  let index = indexes.get(places);
  if (!index) {
    const byKey = new Map<string, Indexed>();
    for (const place of places) {
      const words = wordsOf(place.name);
      byKey.set(words.join(''), { place, key: words.join(''), words: words.length });
    }
    for (const [heard, name] of Object.entries(HEARD_AS)) {
      const place = places.find((p) => p.name === name);
      if (place) byKey.set(heard, { place, key: heard, words: 1 });
    }
    index = { byKey, long: [...byKey.values()].filter((e) => e.key.length >= MIN_FUZZY_LENGTH) };
    indexes.set(places, index);
  }
  return index;
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
      const near =
        exact ?? (joined.length >= MIN_FUZZY_LENGTH ? long.find((e) => within(joined, e.key, 1)) : undefined);
      if (near) match = { entry: near, span };
    }
    if (!match) continue;
    const before = words[i - 1];
    const after = words[i + match.span];
    const key = match.entry.key;
    const county = after === 'county' || after === 'counties';
    const street = after !== undefined && STREET_WORDS.has(after);
    // "9 Ocean View Road, Trinidad": the town of an address follows its street.
    const placeContext = before !== undefined && (PLACE_WORDS.has(before) || STREET_WORDS.has(before));
    const needsPlaceWord = NEEDS_PLACE_WORD.has(key) && !placeContext;
    if (!county && !street && !needsPlaceWord && !(before === 'new' && key === 'orleans'))
      found.push(match.entry.place);
    i += match.span - 1;
  }
  return [...new Set(found)];
}
