import type { CallBackTask } from './call-back-tasks.ts';
import { classifyIntent } from './intents.ts';
import type { HandoffRoute } from './tools/hand-off.ts';

// What a caller needs from the office, by what they mean rather than the words they happen to use
// (issue 34, item 2). Damage, water in the house or an injury is urgent; a complaint, anger or a
// repeat call goes before the queue; a message is recorded; a person is put through in business
// hours, else owed a call back with the reason. Words that only LOOK like a request are not one: a
// caller who wants to talk it over with their family, asks whether this is a machine, or a recorded
// robocall or sales pitch. Those get an answer and no task.

export type NeedKind = 'urgent' | 'complaint' | 'upset' | 'message' | 'person';

export type CallerNeed =
  /** The office must hear of it: put through, or a call back owed with this task. */
  | { kind: 'hand-off'; need: NeedKind; task: CallBackTask; said: string }
  /** "Am I talking to a machine?": answered honestly, the call goes on. */
  | { kind: 'asks-if-machine' }
  /** "Let me ask my husband first": time to talk it over, nothing owed. */
  | { kind: 'consulting' }
  /** A recording or a sales call: declined, the call ends, nothing owed. */
  | { kind: 'not-a-customer' };

const URGENT =
  /\b(water|rain)\b.{0,40}\b(in|into|inside|coming in|getting in|leak\w*|pouring|dripping)\b.{0,30}\b(house|home|living room|bedroom|kitchen|attic|ceiling|basement|walls?|garage)\b|\b(leaking|flooded|flooding)\b.{0,40}\b(house|home|inside|ceiling|since|after)\b|\b(you|your|crew|guys?|worker|workers|team|they|he|someone)\b.{0,40}\b(broke|smashed|cracked|shattered|damaged|ruined|stripped|gouged|scratched|dented|knocked (off|down|over)|pulled off|blew out)\b|\b(broke|broken|smashed|cracked|shattered|damaged|ruined|stripped|dented)\b.{0,40}\b(after|since|when) (you|your|the crew|they|the guys?)\b|\b(there'?s|there is|left|caused|did|found) (some |a lot of |serious )?damage\b|\b(hurt|injured|injury|fell (off|from|down)|slipped and|bleeding|hospital|ambulance|emergency)\b/i;
/** A general question ("will pressure washing damage my siding?") is not a report of harm done. */
const ASKS_IN_GENERAL = /^(will|would|does|do|can|could|is|are|how|what|should)\b.*\?\s*$/i;
const COMPLAINT =
  /\b(complain\w*|not (happy|satisfied|pleased)|unhappy|dissatisfied|disappointed)\b|\b(terrible|horrible|awful|lousy|sloppy|poor|bad|crappy|shoddy) (job|work|service|wash|cleaning)\b|\b(missed|skipped) (a |some |the )?(spots?|section|side|windows?)\b|\bstill (dirty|green|mossy|streaky)\b|\bleft streaks\b|\b(money back|redo|re-do)\b|\brefund\b(?!.{0,20}polic)|\bcome back and (fix|redo|finish)\b|\b(didn'?t|did not|never) (finish|show( up)?|turn(ed)? up)\b|\bno[- ]show\b|\b(nobody|no one|no-one) (showed|came|turned) (up|out)\b/i;
const UPSET =
  /\b(ridiculous|unacceptable|furious|angry|pissed|fed up|outrageous|wtf|damn|what the hell)\b|\b(second|third|fourth|fifth|\d+(st|nd|rd|th)) time (i'?m |i am |i'?ve |i have )?(call|rung|tr)\w*|\b(called|calling|rang|left (a )?messages?) (you )?(twice|three times|several times|again|already)\b|\b(nobody|no one|no-one|never) (has |ever )?(called|got|gotten|get) (me )?back\b|\bstill waiting\b/i;
const MESSAGE =
  /\b(leave|take|pass( on)?|give (him|her|them)) (a |my )?(message|note|voicemail)\b|\b(can|could) you (tell|let) (him|her|them|mike|the owner|the office|someone)\b.{0,20}\b(know|that|i called)\b|\bvoicemail\b/i;
/** A question about what is answering, not a wish to leave it. */
const MACHINE_QUESTION =
  /\b(am i|are you|is this|is that|is it|you'?re)\b.{0,30}\b(machine|robot|computer|bot|ai|a\.i\.?|automated|artificial|recording|real person|real human|human|live person|person)\b.*\??$|\bwho am i (talking|speaking) (to|with)\b|\bare you real\b/i;
/** Someone the caller wants to talk to is family (or a landlord): not the office. */
const CONSULTING =
  /\b(talk|speak|check|discuss|run (it|this|that) (by|past)|ask|consult|think about it with|see what)\b.{0,25}\b(my|the) (wife|husband|hubby|partner|spouse|fianc[ée]e?|boyfriend|girlfriend|family|landlord|landlady|roommate|mom|mum|mother|dad|father|son|daughter|kids|hoa|property manager|tenants?)\b|\b(let me|i'?ll|i need to|i have to|gotta) think (about )?it( over)?\b/i;
const ROBOCALL =
  /\b(this is an? (automated|recorded|pre-?recorded) (message|call)|press (1|one|2|two|9|nine)\b|extended (car |auto |vehicle )?warranty|vehicle'?s? warranty|final (notice|attempt)|google (listing|business|my business|maps listing|verification)|seo\b|search engine|more (customers|leads|reviews) for your business|merchant services|credit card processing|lower your (rates|interest|processing)|business (loan|funding|line of credit)|pre-?approved|we'?re (calling|reaching out) (to|about) (offer|your business)|(i'?m|we'?re) calling (from|with) .{0,40}\b(marketing|solutions|media|digital|capital|funding|advertising)\b|special (offer|promotion) for (business|home) ?owners|your (social security|ssn)|irs)\b/i;

const clip = (text: string, max = 140) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const NEEDS: { need: NeedKind; pattern: RegExp; reason: string; urgent: boolean }[] = [
  { need: 'urgent', pattern: URGENT, reason: 'Urgent', urgent: true },
  { need: 'complaint', pattern: COMPLAINT, reason: 'Complaint', urgent: true },
  { need: 'upset', pattern: UPSET, reason: 'Upset or repeat caller', urgent: true },
  { need: 'message', pattern: MESSAGE, reason: 'Left a message', urgent: false },
];

/** What this sentence asks of the office, if anything; null: the assistant answers it. */
export function callerNeed(message: string): CallerNeed | null {
  const said = clip(message);
  if (!said) return null;
  if (ROBOCALL.test(said)) return { kind: 'not-a-customer' };
  // "My husband fell off the ladder" is urgent; "let me ask my husband" is not a hand-off.
  const general = ASKS_IN_GENERAL.test(said);
  const found = NEEDS.find((n) => n.pattern.test(said) && !(general && n.need !== 'message'));
  if (found && !(found.need === 'upset' && CONSULTING.test(said)))
    return {
      kind: 'hand-off',
      need: found.need,
      task: { reason: `${found.reason}: "${said}"`, urgent: found.urgent },
      said,
    };
  if (CONSULTING.test(said)) return { kind: 'consulting' };
  const person = classifyIntent(said) === 'handoff';
  // "Is this a real person? Get me one": the want wins over the question.
  if (MACHINE_QUESTION.test(said) && !(person && !/\?\s*$/.test(said.split(/[.!]/).at(-1) ?? '')))
    return { kind: 'asks-if-machine' };
  if (person)
    return {
      kind: 'hand-off',
      need: 'person',
      task: { reason: `Asked for a person: "${said}"`, urgent: false },
      said,
    };
  return null;
}

/**
 * The route this need takes: a message is recorded even while the office is open (the caller
 * asked to leave one, not to be put through); everything else takes the line's route.
 */
export function routeForNeed(need: NeedKind, route: HandoffRoute): HandoffRoute {
  if (need === 'message' && route.kind === 'put-through') return { kind: 'call-back', canLeaveMessage: true };
  return route;
}

/** What the caller hears before the route's words. */
export function needOpening(need: NeedKind, friendly: boolean): string {
  switch (need) {
    case 'urgent':
      return "I'm so sorry. That needs someone from the office right away.";
    case 'complaint':
      return friendly
        ? "I'm really sorry to hear that. The office will want to make it right."
        : 'I am sorry to hear that. The office will want to make it right.';
    case 'upset':
      return "I'm sorry for the trouble, and I understand.";
    case 'message':
      return 'Of course.';
    case 'person':
      return '';
  }
}

export const NEED_WORDS = {
  machine: (businessName: string) =>
    `Yes, I'm ${businessName}'s virtual assistant, an automated system, not a person. I can answer questions, give prices, book or move a visit, or take a message for the office. What can I help you with?`,
  consulting:
    "Of course, take your time and talk it over. We're here whenever you're ready. Is there anything else I can help with right now?",
  notACustomer: "Thanks, but we're not interested. Please take this number off your list. Goodbye.",
};
