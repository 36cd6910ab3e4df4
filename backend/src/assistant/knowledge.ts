import MiniSearch from 'minisearch';
import {
  ADVERTISED_PRICES,
  APPOINTMENT_SERVICE_OPTIONS,
  MINIMUM_JOB_PRICE,
  SERVICE_RADIUS_MILES,
  formatDollars,
  formatPerSquareFoot,
  type CommonResponseId,
} from '@washdesk/contract';

/** One thing the assistant may say, with the id that the AI response log records. */
export interface Fact {
  /** "faq:12", "common:pricing", "prices", "profile", "services". */
  id: string;
  kind: 'faq' | 'common' | 'prices' | 'profile' | 'services';
  /** The FAQ question or the common response's title. */
  title: string;
  /** The words the assistant may say. */
  text: string;
  /** FAQ category or common response category, for search. */
  category: string;
}

export interface KnowledgeSource {
  faq: { id: number; question: string; answer: string; category: string }[];
  common: { id: CommonResponseId; title: string; content: string; category: string }[];
  business: { name: string; phone: string; serviceArea: string };
}

const KIND_BOOST: Record<Fact['kind'], number> = {
  faq: 1.5,
  // Staff edit these in Settings: they beat the built-in price list they usually restate.
  common: 1.3,
  prices: 0.6,
  services: 0.8,
  profile: 0.8,
};

/**
 * Below this a hit is a stray word ("hours" in "within 24 hours"), not an answer. BM25 scores
 * grow with the number of matching words; one good rare word in a question scores about 8.
 */
export const MIN_ANSWER_SCORE = 6;

export interface Match {
  fact: Fact;
  score: number;
}

// Words that carry no meaning for finding an answer: without them "do you clean roofs" would match
// every entry that says "you". Kept short on purpose: "cost", "price", "area" must stay searchable.
const STOP_WORDS = new Set(
  `a an and are as at be but by can could do does for from have how i i'm if in is it its me my of on
  or our please so that the their them there this to us we what when where which who will with would
  you your yes no hi hello hey um uh like just want wanted know tell about get clean cleaning`.split(/\s+/),
);

// Callers say these; the knowledge uses the business's words. Applied to the question only.
const SYNONYMS: [RegExp, string][] = [
  [/\b(pressure|power)[ -]?wash(ing)?\b/g, 'wash washing'],
  [/\bsiding\b/g, 'house siding'],
  [/\b(cost|costs|charge|charges|price|prices|pricing|rate|rates|expensive|cheap)\b/g, 'cost price'],
  [/\b(serve|serves|service area|cover|travel|located|location|based)\b/g, 'work area location'],
  [/\bmossy?\b/g, 'moss roof'],
  [/\bquote\b/g, 'estimate quote'],
  [/\b(how does (it|this|that) work|how do you do it|what happens|steps?|process)\b/g, 'process'],
];

const tokenize = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9$.']+/)
    .filter(Boolean);
const processTerm = (term: string) => {
  const t = term.replace(/^'+|'+$/g, '').replace(/\.+$/, '');
  if (t.length < 2 || STOP_WORDS.has(t)) return null;
  // "gutters" finds "Gutter Cleaning", "roofs" finds "roof": a plural is the same thing here.
  return t.length > 3 && t.endsWith('s') && !t.endsWith('ss') ? t.slice(0, -1) : t;
};

/** What the advertised prices say, as the assistant may say them (from the contract, never made up). */
export function pricesFact(): Fact {
  const lines = ADVERTISED_PRICES.map(
    (p) => `${p.label}: ${formatPerSquareFoot(p.low)} to ${formatPerSquareFoot(p.high)} per square foot.`,
  );
  return {
    id: 'prices',
    kind: 'prices',
    title: 'Advertised prices',
    text: `${lines.join(' ')} The minimum job is ${formatDollars(MINIMUM_JOB_PRICE)}. Estimates are free.`,
    category: 'pricing cost price per square foot',
  };
}

/** The services the business books (the spec's appointment service types). */
export function servicesFact(): Fact {
  const services = APPOINTMENT_SERVICE_OPTIONS.filter((s) => s.value !== 'multiple-services').map(
    (s) => s.label,
  );
  return {
    id: 'services',
    kind: 'services',
    title: 'Services we offer',
    text: `We offer ${services.slice(0, -1).join(', ')} and ${services.at(-1)}, all with low-pressure soft washing.`,
    category: 'services offer do you',
  };
}

export function profileFact(business: KnowledgeSource['business']): Fact {
  return {
    id: 'profile',
    kind: 'profile',
    title: business.name,
    text: `${business.name} serves ${business.serviceArea}, within about ${SERVICE_RADIUS_MILES} miles. The office phone is ${business.phone}.`,
    category: 'service area work area phone contact',
  };
}

/**
 * The assistant's knowledge: active FAQ entries, the three common responses, the advertised prices
 * and the business profile, searched with MiniSearch (BM25 with fuzzy and prefix matching).
 */
export function buildKnowledge(source: KnowledgeSource) {
  const facts: Fact[] = [
    ...source.faq.map((f) => ({
      id: `faq:${f.id}`,
      kind: 'faq' as const,
      title: f.question,
      text: f.answer,
      category: f.category.toLowerCase(),
    })),
    ...source.common.map((c) => ({
      id: `common:${c.id}`,
      kind: 'common' as const,
      title: c.title,
      text: c.content,
      category: `${c.category} ${c.id.replace(/-/g, ' ')}`,
    })),
    pricesFact(),
    servicesFact(),
    profileFact(source.business),
  ];
  const byId = new Map(facts.map((f) => [f.id, f]));
  const index = new MiniSearch<Fact>({
    fields: ['title', 'text', 'category'],
    storeFields: ['id'],
    tokenize,
    processTerm,
    searchOptions: {
      // A question is worded like an FAQ question; an answer's words count less.
      boost: { title: 3, category: 1.5, text: 1 },
      fuzzy: (term) => (term.length > 4 ? 0.2 : false),
      prefix: (term) => term.length > 3,
      combineWith: 'OR',
      // Staff wrote the FAQ for exactly these questions: it wins a close call with general facts.
      boostDocument: (id) => KIND_BOOST[String(id).split(':')[0] as Fact['kind']] ?? 1,
    },
  });
  index.addAll(facts);

  return {
    facts,
    get: (id: string) => byId.get(id),
    /** The best facts for what the customer said, best first; nothing when no word matched. */
    search(question: string, limit = 4): Match[] {
      const widened = SYNONYMS.reduce(
        (q, [pattern, words]) => q.replace(pattern, `$& ${words}`),
        question.toLowerCase(),
      );
      return index
        .search(widened)
        .filter((hit) => hit.score >= MIN_ANSWER_SCORE)
        .slice(0, limit)
        .map((hit) => ({ fact: byId.get(hit.id as string)!, score: hit.score }));
    },
  };
}
export type Knowledge = ReturnType<typeof buildKnowledge>;
