// What a question is about, as a set of topics, so an FAQ entry is said only when it answers the
// question asked: "Will the stuff you spray kill my roses?" is about plants and the cleaning
// solution, like "Is soft washing safe for my plants and pets?", though they share no word; "Do you
// come out to Willits?" shares "come out" with the Shelter Cove entry but is about another place.
// The topics are the trade's (a soft-wash office's questions), not any one business's FAQ: staff
// write their own entries, and each entry's topics are read from its words the same way.

import { placesNamedIn } from './tools/place-names.ts';
import { PLACES } from './tools/service-area.ts';

export type Topic = string;

/**
 * Each topic and the words callers and staff use for it. A question matches an entry on shared
 * topics; `specific` topics must be in the entry too, or the entry does not answer the question
 * (a question about painting is not answered by the house wash entry it shares "house" with).
 */
const TOPICS: { topic: Topic; words: RegExp; specific?: boolean }[] = [
  { topic: 'insurance', words: /\b(insur\w*|bonded|licen[sc]\w*|liability|contractor'?s? license)\b/ },
  {
    topic: 'plants',
    words:
      /\b(plants?|garden\w*|roses?|flowers?|shrubs?|bush(es)?|lawns?|grass|landscap\w*|hedges?|veggies|vegetables?)\b/,
  },
  { topic: 'pets', words: /\b(pets?|dogs?|cats?|puppy|kitten|animals?|chickens?|horses?)\b/ },
  {
    topic: 'presence',
    words:
      /\b(be (home|there|around|present)|being (home|there)|at work|(won'?t|will not|not) be (home|there|around)|away|out of town|gone that day|need to be)\b/,
  },
  {
    topic: 'duration',
    words:
      /\b(how long|takes? (long|a while)|hours? (does|will)|be at my (place|house)|gonna be (at|there))\b/,
  },
  {
    topic: 'payment',
    words:
      /\b(pay|paying|payment|payments|cards?|credit|debit|checks?|cheques?|cash|venmo|zelle|paypal|financ\w*)\b/,
  },
  { topic: 'rain', words: /\b(rain\w*|pouring|storm\w*|wet day|bad weather)\b/ },
  { topic: 'gutters', words: /\b(gutters?|downspouts?|leaves|debris|clog\w*)\b/ },
  {
    topic: 'pressure',
    words: /\b(pressure|blast\w*|power ?wash\w*|soft ?wash\w*|difference|high pressure|low pressure)\b/,
  },
  { topic: 'frequency', words: /\b(how often|often|every (few|couple|\d+) years?|need doing|again)\b/ },
  { topic: 'roof', words: /\b(roofs?|shingles?)\b/ },
  { topic: 'moss', words: /\b(moss\w*|algae|lichen|mold|mou?ldy|mildew)\b/ },
  {
    topic: 'discount',
    words: /\b(discounts?|deals?|coupons?|promo\w*|seniors?|veterans?|military|anything off|\d+% off)\b/,
  },
  {
    topic: 'chemicals',
    words:
      /\b(chemicals?|bleach|hypochlorite|solutions?|soaps?|detergents?|spray\w*|the stuff|products?|what do you use|you use|toxic)\b/,
  },
  { topic: 'damage', words: /\b(damage\w*|wreck\w*|ruin\w*|hurt|harm\w*|break|scratch\w*|strip\w*)\b/ },
  { topic: 'water', words: /\b(water|spigot|hose|faucet|hook up|hookup|well water)\b/ },
  { topic: 'safety', words: /\b(safe|safety|kill|dangerous|poison\w*)\b/ },
  // Things no entry of a soft-wash FAQ is about unless it says so.
  { topic: 'painting', words: /\b(paint\w*|stain\w*|seal\w*)\b/, specific: true },
  { topic: 'guarantee', words: /\b(guarantee\w*|warrant\w*|stays? clean)\b/, specific: true },
  {
    topic: 'jobs',
    words: /\b(hiring|hire me|jobs? (for|openings?)|summer job|employ\w*|work for you)\b/,
    specific: true,
  },
  {
    topic: 'office-hours',
    words: /\b(office (close|open)\w*|open (today|now|on)|close today|business hours|your hours|ur hours)\b/,
    specific: true,
  },
  { topic: 'staff', words: /\b(how many (people|guys|employees|workers))\b/, specific: true },
  {
    topic: 'indoors',
    words: /\b(inside the (house|home)|interior|indoors?|testing|tests?|inspections?)\b/,
    specific: true,
  },
  { topic: 'repair', words: /\b(repair\w*|replace\w*|install\w*|fix\w*)\b/, specific: true },
];

/** The topics of a text (a caller's question, or an FAQ entry's question or answer). */
export function topicsOf(text: string): Set<Topic> {
  const known = seen.get(text);
  if (known) return known;
  const topics = readTopics(text);
  // FAQ entries are read again every turn: remembered, within a bound (staff edit them rarely).
  if (seen.size >= SEEN_LIMIT) seen.clear();
  seen.set(text, topics);
  return topics;
}
const SEEN_LIMIT = 5000;
const seen = new Map<string, Set<Topic>>();

function readTopics(text: string): Set<Topic> {
  const t = text.toLowerCase().replace(/[’]/g, "'");
  return new Set([
    ...TOPICS.filter(({ words }) => words.test(t)).map(({ topic }) => topic),
    // A place is a specific topic: the Shelter Cove entry answers Shelter Cove, never Willits.
    ...placesNamedIn(text, PLACES).map((p) => `${PLACE}${p.name}`),
  ]);
}

const PLACE = 'place:';
const SPECIFIC_TOPICS = new Set(TOPICS.filter((t) => t.specific).map((t) => t.topic));
const isSpecific = (t: Topic) => SPECIFIC_TOPICS.has(t) || t.startsWith(PLACE);

/** The places a question and an entry both name ("Shelter Cove?" and "Do you come out to Shelter Cove?"). */
export const samePlace = (a: Set<Topic>, b: Set<Topic>) =>
  [...a].some((t) => t.startsWith(PLACE) && b.has(t));

// Words that carry no meaning for telling questions apart.
const FILLER = new Set(
  `a an and are as at be but by can could do does for from have how i if in is it me my of on or our so
  that the their this to us we what when where which who will with would you your hi hello hey um uh
  just please ok okay guys u`.split(/\s+/),
);
const wordsOf = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9']+/)
      .filter((w) => w && !FILLER.has(w))
      .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w)),
  );
/** The caller asked the entry's own question, in about its words ("do you clean roofs?"). */
function askedAsWritten(question: string, entryQuestion: string) {
  const a = wordsOf(question);
  const b = wordsOf(entryQuestion);
  if (a.size === 0 || b.size === 0) return false;
  const shared = [...a].filter((w) => b.has(w)).length;
  return shared / new Set([...a, ...b]).size >= 0.6;
}

/** Topics that narrow a question but say little alone ("the roof", "safe"). */
const WEAK = new Set<Topic>(['roof', 'safety', 'damage']);

export interface Answerable {
  id: string;
  /** The entry's question (or a common response's title): what it answers. */
  question: string;
  /** Its answer: what else it speaks about. */
  answer: string;
}

/**
 * The entry that answers the question, by topic: a topic of the entry's question counts 2, of its
 * answer 1; a weak topic alone is not enough; a specific topic of the question the entry does not
 * speak of rules the entry out. Undefined when nothing answers it.
 */
export function entryAnswering<T extends Answerable>(question: string, entries: readonly T[]): T | undefined {
  const asked = topicsOf(question);
  let best: { entry: T; score: number } | undefined;
  for (const entry of entries) {
    const inQuestion = topicsOf(entry.question);
    const inAnswer = topicsOf(entry.answer);
    const speaksOf = (t: Topic) => inQuestion.has(t) || inAnswer.has(t);
    if ([...asked].some((t) => isSpecific(t) && !speaksOf(t))) continue;
    let score = askedAsWritten(question, entry.question) ? 3 : 0;
    let strong = score > 0;
    for (const t of asked) {
      const points = inQuestion.has(t) ? 2 : inAnswer.has(t) ? 1 : 0;
      score += points;
      if (points && !WEAK.has(t)) strong = true;
    }
    const matchedOnlyWeak = !strong && score < 4;
    // Between entries that match as well, the one whose question is more about this wins.
    const shared = [...inQuestion].filter((t) => asked.has(t)).length;
    const focus = inQuestion.size ? shared / inQuestion.size : 0;
    if (score >= 2 && !matchedOnlyWeak && (!best || score + focus > best.score))
      best = { entry, score: score + focus };
  }
  return best?.entry;
}

/** The question asks about something no entry may answer without saying so (painting, jobs…). */
export const asksSomethingSpecific = (question: string) =>
  [...topicsOf(question)].some((t) => SPECIFIC_TOPICS.has(t));
