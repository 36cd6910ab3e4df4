import {
  ADVERTISED_PRICES,
  MINIMUM_JOB_PRICE,
  formatDollars,
  formatPerSquareFoot,
  type AiIntent,
} from '@washdesk/contract';
import { jobDetailsOf, type JobDetails } from './tools/job-details.ts';
import { jobPriceReply, priceOfJob } from './tools/job-price.ts';
import { placesNamedIn, STATE_NAMES } from './tools/place-names.ts';
import { declineWork, workWeDoNotDo } from './tools/outside-trade.ts';
import { NO_ANSWER } from './wording.ts';
import { PLACES, serviceAreaOf, serviceAreaReply, type ServiceAreaConfig } from './tools/service-area.ts';

// The no-model path's questions that tools answer, not words: "do you come out to Willits?" (the
// service-area tool) and "how much for a two-story, 2,400 square feet?" (the pricing engine). Each
// answer remembers its topic, so "what about Crescent City?" and "two stories" are understood.

/** What the last answer was about, for the follow-up. */
export type QuestionTopic =
  | { kind: 'area'; askedWhere?: boolean }
  | { kind: 'price'; said: string; askedFor: string }
  /** A job was just priced: "what about the roof?" is the same home's roof. */
  | { kind: 'priced-job'; basis: string; said?: string };

export interface ToolAnswer {
  reply: string;
  intent: AiIntent;
  knowledgeUsed: string[];
  topic?: QuestionTopic;
  /** A price was given: the estimate (or photo link) may be offered after it. */
  offerAfter: boolean;
  /** The reply itself ends by offering the free estimate (a surface the price list has no rate for). */
  offersEstimate?: boolean;
}

const AREA_WORDS =
  /\b(come|coming|go|get out|travel|drive|work|serve|service|servicing|cover|local|area|far|out (there|that way|here)|this way|that way|up there|down there|do (houses|homes|work|jobs)|(could|can|would|will) you do|lives? (up |out |down |over )?in|make it|(up|out|down|over) (to|in)|(what|how) about)\b/i;
/** "Do you do boats out to Fortuna?": a job is asked about together with the place. */
const JOB_ASKED = /\b(do|can|could|would|will) (you|y'?all|you guys) (also )?(do|clean|wash|handle)\b/i;
/** The jobs without a rate the business still does (its services list); a boat or an RV is not one. */
const OFFERED_UNPRICED = /^(decks?|fences?|fencing|gutters?|windows?)$/;
/** "Do you serve my area?": a place is meant but not named, so it is asked for. */
const PLACE_NOT_NAMED =
  /\b(my|our|this|your) (area|town|neighbou?rhood|place|part of)\b|\bwhere i live\b|\bmy way\b/i;
/** "Where are you located?" asks where the business is: the Service Areas response says it. */
const WHERE_ARE_YOU =
  /\bwhere (are you|is your (office|shop|business))\b|\b(you|you're|you guys) (located|based)\b/i;

/** The service-area tool's answer, when the turn asks whether a place is served. */
export function serviceAreaAnswer(
  message: string,
  intent: AiIntent,
  topic: QuestionTopic | undefined,
  area: ServiceAreaConfig,
  /** The channel's own "I don't know": on a text or Messenger no call back is promised. */
  noAnswer: string = NO_ANSWER,
): ToolAnswer | null {
  if (WHERE_ARE_YOU.test(message)) return null;
  const answer = serviceAreaOf(message, area);
  const known = answer.kind !== 'unknown';
  const followUp = topic?.kind === 'area';
  const shortAnswer = followUp && topic.askedWhere && message.trim().split(/\s+/).length <= 5;
  // "Shelter Cove?": a place alone is a question about it.
  const placeAlone = known && message.trim().split(/\s+/).length <= 3;
  const asked =
    intent === 'service_area' ||
    (known && (AREA_WORDS.test(message) || followUp || placeAlone)) ||
    shortAnswer;
  if (!asked) return null;
  if (!known && PLACE_NOT_NAMED.test(message))
    return {
      reply: 'Which town is the property in?',
      intent: 'service_area',
      knowledgeUsed: [],
      topic: { kind: 'area', askedWhere: true },
      offerAfter: false,
    };
  // "McKinleyville and Arcata": each town named gets its answer.
  const towns = placesNamedIn(message, PLACES).slice(0, 3);
  const replies =
    towns.length > 1
      ? towns.map((t) =>
          serviceAreaReply(
            serviceAreaOf(`in ${t.name}${t.state ? `, ${STATE_NAMES[t.state]}` : ''}`, area),
            area,
          ),
        )
      : [serviceAreaReply(answer, area)];
  // A job that is none of the services, asked with the town: the town's "yes" must not sound like
  // a yes to the job, and whether the business takes it is not known here.
  const job = JOB_ASKED.test(message) ? jobDetailsOf(message) : null;
  const notOurs = job?.surfaces.length === 0 ? workWeDoNotDo(message) : undefined;
  const notOffered =
    notOurs ?? (job?.surfaces.length === 0 && job.unpricedSurfaces.some((s) => !OFFERED_UNPRICED.test(s)));
  if (notOffered) {
    const plain = replies.map((r) => r.replace(/^Yes, (\w)/, (_m, c: string) => c.toUpperCase()));
    return {
      reply: `${plain.join(' ')} ${notOurs ? declineWork(notOurs) : `As for the ${job!.unpricedSurfaces[0]}, ${noAnswer}`}`,
      intent: 'service_area',
      knowledgeUsed: ['tool:service-area'],
      topic: { kind: 'area' },
      offerAfter: false,
    };
  }
  return {
    reply: replies.join(' '),
    intent: 'service_area',
    knowledgeUsed: ['tool:service-area'],
    topic: { kind: 'area' },
    offerAfter: false,
  };
}

const MINIMUM = /\bminimum\b/i;
const PER_SQUARE_FOOT = /\bper (square|sq)\.? ?(foot|feet|ft)\b|\ba square foot\b|\bper sq ?ft\b|\brates?\b/i;

/** The pricing engine's answer, when the turn asks what a job costs or gives what was asked for. */
export function jobPriceAnswer(
  message: string,
  intent: AiIntent,
  topic: QuestionTopic | undefined,
): ToolAnswer | null {
  const priceAsked = intent === 'pricing' || intent === 'quote_request';
  const followUp = topic?.kind === 'price' ? topic : undefined;
  const alone = jobDetailsOf(message, { answering: followUp?.askedFor === 'size' ? 'size' : undefined });
  const givesDetails = alone.size !== undefined || alone.stories !== undefined || alone.surfaces.length > 0;
  // "…2,000 square feet, one story" with a surface but no price word is still a price question.
  const describesJob = alone.size !== undefined && alone.surfaces.length > 0;
  // "What about the roof?" after a priced house: another surface of the same home.
  const sameHome =
    topic?.kind === 'priced-job' &&
    alone.surfaces.length > 0 &&
    alone.size === undefined &&
    alone.stories === undefined;
  if (!priceAsked && !(followUp && givesDetails) && !describesJob && !sameHome) return null;

  if (MINIMUM.test(message))
    return priced(`Our minimum for any job is ${formatDollars(MINIMUM_JOB_PRICE)}.`, ['prices'], true);
  if (PER_SQUARE_FOOT.test(message)) {
    const named = ADVERTISED_PRICES.filter((p) => alone.surfaces.includes(p.surface));
    const rates = (named.length ? named : ADVERTISED_PRICES).map(
      (p) => `${p.label} is ${formatPerSquareFoot(p.low)} to ${formatPerSquareFoot(p.high)} per square foot`,
    );
    return priced(
      `${rates.join('; ')}. The minimum for any job is ${formatDollars(MINIMUM_JOB_PRICE)}.`,
      ['prices'],
      true,
    );
  }
  // "1500" answering "how many square feet?" stays a size when the next answer is added to it.
  const bareSize =
    followUp?.askedFor === 'size' && alone.size && !/\b(square|sq|sqft|feet|ft)\b/i.test(message);
  const said = followUp
    ? `${followUp.said} ${message}${bareSize ? ' square feet' : ''}`
    : sameHome && topic?.kind === 'priced-job'
      ? `${message} ${topic.basis}`
      : message;
  const details = jobDetailsOf(said, { answering: followUp?.askedFor === 'size' ? 'size' : undefined });
  const price = priceOfJob(details);
  if (price.kind === 'needs')
    return {
      reply: jobPriceReply(price, message),
      intent: priceAsked ? intent : 'pricing',
      knowledgeUsed: [],
      topic: { kind: 'price', said, askedFor: price.missing[0]! },
      offerAfter: false,
    };
  const unpriced = price.kind === 'not-on-price-list';
  return {
    ...priced(jobPriceReply(price, message), unpriced ? [] : ['tool:price'], !unpriced),
    intent: priceAsked ? intent : 'pricing',
    offersEstimate: unpriced,
    topic: price.kind === 'priced' ? { kind: 'priced-job', basis: basisOf(price.details), said } : undefined,
  };
}

/** The home a priced job was for, in words jobDetailsOf reads again ("2400 square feet 2 story house"). */
function basisOf(details: JobDetails): string {
  const { size, stories, aboutTheHome } = details;
  return [
    size?.from === 'bedrooms' ? `${size.bedrooms} bedroom` : size ? `${size.squareFeet} square feet` : '',
    stories !== undefined ? `${stories} story` : '',
    aboutTheHome || size?.from === 'bedrooms' ? 'house' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

const priced = (reply: string, knowledgeUsed: string[], offerAfter: boolean): ToolAnswer => ({
  reply,
  intent: 'pricing',
  knowledgeUsed,
  offerAfter,
});
