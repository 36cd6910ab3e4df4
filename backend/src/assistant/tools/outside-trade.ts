// Work the business does not do (issue 34, item 5): vehicles, the inside of a home. Declined in
// plain words — never "the office will price that", never booked — while the business's own
// services (decks, fences, gutters, windows, which the price list has no rate for) stay offered.

/** What a caller asks to have cleaned that is not the outside of a home, with its kind. */
const NOT_OUR_WORK: [RegExp, string, RegExp?][] = [
  [
    /\b(cars?|trucks?|vehicles?|suvs?|vans?|boats?|rvs?|motor ?homes?|campers?|motorcycles?|jet ?skis?|atvs?)\b/i,
    'vehicles',
  ],
  [
    /\b(carpets?|rugs?|upholstery|couch(es)?|sofas?|mattress(es)?|air ducts?|ducts?|dryer vents?|interior|inside (of )?(my|the|our|a) (house|home|place)|walls and floors)\b/i,
    'the inside of homes',
    // Inside a home only cleaning is ours to decline: "mold testing inside the house" is a question.
    /\b(clean\w*|wash\w*|shampoo\w*|steam\w*|scrub\w*)\b/i,
  ],
];
/** Asking for the work: cleaning words, or a price or a booking for it. */
const ASKS_FOR_WORK =
  /\b(clean\w*|wash\w*|detail\w*|shampoo\w*|steam\w*|pressure|power ?wash\w*|scrub\w*|(do|can|could|would|will) (you|y'?all|you guys) (also )?do|how much|price|cost|charge|book|schedule|estimate|quote)\b/i;

/** The kind of work asked for that the business does not do ("vehicles"), or undefined. */
export function workWeDoNotDo(message: string): string | undefined {
  if (!ASKS_FOR_WORK.test(message)) return undefined;
  return NOT_OUR_WORK.find(
    ([pattern, , asked]) => pattern.test(message) && (!asked || asked.test(message)),
  )?.[1];
}

/** The sentence without the work we do not do: "the inside of my house" asks for no house wash. */
export const withoutWorkWeDoNotDo = (message: string) =>
  NOT_OUR_WORK.reduce((text, [pattern]) => text.replace(new RegExp(pattern.source, 'gi'), ' '), message);

/** The plain no, with what the business does instead. */
export const declineWork = (kind: string) =>
  `Sorry, we don't clean ${kind}: we only clean the outside of homes, like house washing, roofs, driveways and concrete, decks, fences, gutters and windows.`;
