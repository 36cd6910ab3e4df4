// Every promise of a call back is a task (issue 34, item 3). The words that promise one ("someone
// from the office will call you back") are recognised here, once, and a turn whose reply says them
// carries a task (why, and whether it is urgent) that the phone line files on the call: the
// Requests inbox shows it and staff are told live. A reply that files no task must not say them.

/** What staff owe the caller: why, in a line, and whether it goes before everything else. */
export interface CallBackTask {
  reason: string;
  urgent: boolean;
}

/** "…will call you back", "I'll have someone … call you back", "le llamará": a call back promised. */
const PROMISE =
  /\b(will|'ll|is going to|are going to|can) (give you a )?call (you )?back\b|\bcall you back\b|\ble llamar[áa]\b|\bwill (call|ring) you\b/i;
/** "…can call you back if you'd like", an offer, is not yet a promise. */
const ONLY_AN_OFFER = /\b(can|could) call you back\b|\bif you(?:'d| would) like\b.*\bcall you back\b/i;

/** Whether these words tell the caller that someone will call them back. */
export const promisesCallBack = (reply: string) => PROMISE.test(reply) && !ONLY_AN_OFFER.test(reply);

const clip = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** A question the assistant could not answer: the office calls back about it. */
export const unansweredQuestion = (message: string): CallBackTask => ({
  reason: `Asked: "${clip(message)}" (the assistant had no answer)`,
  urgent: false,
});

/**
 * The task a reply owes: none unless its words promise a call back; then the one the turn decided
 * (a need's reason), else (a fallback, a model's sentence) the caller's own words as the reason.
 * One rule for every path, so no sentence can promise what nobody will do.
 */
export function taskOwed(reply: string, decided: CallBackTask | undefined, message: string) {
  // No promise, no task: a caller put through, or told to call the office, is owed nothing.
  if (!promisesCallBack(reply)) return undefined;
  return decided ?? unansweredQuestion(message);
}
