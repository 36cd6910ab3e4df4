import type { AiIntent } from '@washdesk/contract';

// What a customer wants, from their words alone. Used by the no-model path, and to check and steer
// the model's own intent (a caller who asks for a person is put through whatever the model says).

const HANDOFF =
  /\b(real |live |actual )?(person|human|somebody|someone|representative|operator|agent|receptionist|owner|manager)\b.*\b(please|talk|speak)|\b(talk|speak)\w* (to|with) (a |an |the |some)?(real |live )?(person|human|somebody|someone|representative|operator|agent|owner|manager|office)|\b(a|real|live) (person|human)\b(?! to come)|\bhuman\b|\brepresentative\b|\boperator\b|\btransfer (me|us)\b|\b(want|need|get me|give me|put me through to) (a |an |the |to )?(manager|supervisor|owner|person|human|somebody|someone)\b(?! (to|that can|who can) (come|look|clean|wash|do|take|check|give|out))|\b(call|ring) me back\b|\b(have|get|can) (someone|somebody)( from the office)? (to )?(call|ring) me\b|\b(rather|like to|want to|need to|can i|could i) (talk|speak) (to|with)\b/i;
/** A day or time said: "Tuesday", "tomorrow", "December 3rd", "the 8th", "next week". */
const WHEN =
  '(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|next week|this week|january|february|march|april|june|july|august|september|october|november|december|the \\d{1,2}(st|nd|rd|th))';
const BOOKING = new RegExp(
  [
    '\\b(book|schedule|set up|make)\\b.*\\b(estimate|appointment|visit|time|someone|somebody)',
    '\\bappointment\\b',
    '\\bfree\\b.{0,40}\\bestimate\\b|\\bon-?site estimate\\b',
    '\\b(schedule[ds]?|scheduling|set me up|get on the schedule|book (me|it|one))\\b',
    '\\b(anything|something|any time|a time|times?|mornings?|afternoons?|days?) (open|free|available)\\b',
    '\\b(estimate|quote)\\b.*\\b' + WHEN + '\\b|\\b' + WHEN + '\\b.*\\b(estimate|quote)\\b',
    '\\bcan (you|someone|somebody) come\\b|\\b(someone|somebody|you|a person) to come\\b',
    '\\b(send|swing|stop|drop) (somebody|someone|a guy|by|over)\\b|\\b(take a look|come (and )?(look|see)|to look at)\\b',
    '\\bcome (out|by|over)\\b.*\\b' + WHEN + '\\b',
    '\\bavailab(le|ility)\\b',
    // The business's "free estimate" is a visit: wanting one (not a price) is booking one.
    '\\b(want|need|like|schedule) (an?|the|a free) (on-?site )?estimate\\b(?!.*\\b(how much|price|cost)\\b)',
    // "I need a driveway cleaning estimate, this is Sam Lee…": the service named between.
    '^(?!.*\\b(how much|price|cost|charge)\\b).*\\b(want|need|like|get|set up) (an?|the|a free|my) ([a-z]+ ){1,3}estimate\\b',
  ].join('|'),
  'i',
);
const QUOTE = /\b(quote|estimate)\b|\bhow much (would|will|for) (it|my|a|the)\b|\bhow much to\b/i;
const PRICING =
  /\b(price|prices|pricing|cost|costs|charge|charges|rate|rates|fee|fees|expensive|cheap|how much|per square)\b/i;
const AREA =
  /\b(service area|located|location|where are you|come (out )?to|do you (go|come|work|serve|travel) (to|in|near|out|as far)|do you serve|cover|travel to|county|counties)\b/i;
const SERVICE =
  /\b(do you|do u|can you|can u|could you|will you)\b.*\b(clean|wash|remove|treat|do)\b|\b(services?|offer|soft ?wash\w*|pressure ?wash\w*|roof|moss|gutter|deck|fence|driveway|concrete|window|siding)\b/i;

const GOODBYE =
  /^(ok(ay)?[,.!]? )?(bye|goodbye|good bye|bye bye|see you|that'?s (all|it|everything)|that is (all|it|everything)|no,? (that'?s|that is) (all|it)|nothing else|no thanks?( you)?|no,? thank you|thanks?,? (bye|goodbye|that'?s all)|i'?m (good|all set|done)|all set)\b/i;
const YES =
  /^(yes|yeah|yep|yup|sure|ok(ay)?|please( do)?|correct|right|that'?s (right|correct)|sounds good|go ahead|absolutely|definitely|perfect|great|book it|do it)\b/i;
const NO = /^(no|nope|nah|not really|don'?t|wrong|that'?s (wrong|not right)|incorrect|change|wait)\b/i;

const clean = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^\w'\s-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The customer's intent, most specific first: a person, a booking, a quote, a price, an area, a service. */
export function classifyIntent(message: string): AiIntent {
  const text = clean(message);
  if (!text) return 'other';
  if (HANDOFF.test(text)) return 'handoff';
  if (BOOKING.test(text)) return 'scheduling';
  if (QUOTE.test(text)) return 'quote_request';
  if (PRICING.test(text)) return 'pricing';
  if (AREA.test(text)) return 'service_area';
  if (SERVICE.test(text)) return 'service_inquiry';
  return 'other';
}

// "Hello?" on a line that went quiet is a hello too, not a question to pass to the office.
const HELLO_ONLY = /^(hi|hello|hey|good (morning|afternoon|evening)|howdy|hiya)( there)?[!.,?]*$/i;
/** Only a greeting, nothing asked yet. */
export const saysHelloOnly = (message: string) => HELLO_ONLY.test(message.trim());

const BYE_ANYWHERE = /\b(good ?bye|bye|hang(ing)? up)\b/i;
export const saysGoodbye = (message: string) =>
  GOODBYE.test(clean(message)) || BYE_ANYWHERE.test(clean(message));
/** "I'll think about it", "maybe later": a no for now, whatever "ok" it starts with. */
const LATER =
  /\b(think about it|think it over|not (right )?now|maybe later|some other time|get back to you|talk it over|i'?ll pass)\b/i;
export const saysYes = (message: string) => {
  const text = clean(message);
  // "ok bye", "ok thanks, I'll think about it": not a yes to what was offered.
  return YES.test(text) && !NO.test(text) && !LATER.test(text) && !BYE_ANYWHERE.test(text);
};
export const saysNo = (message: string) => {
  const text = clean(message);
  // "…I'll think about it. Bye": a goodbye, answered as one.
  return NO.test(text) || (LATER.test(text) && !BYE_ANYWHERE.test(text));
};
