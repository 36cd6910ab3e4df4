// Requests the assistant refuses whatever words they share with a real question: instructions
// smuggled into a turn, other people's data, comparisons it cannot make honestly, promises it
// cannot check, and chat that is not the business's. Each is refused plainly, with nothing added.

const KINDS: { kind: string; pattern: RegExp; reply: string }[] = [
  {
    kind: 'instructions',
    pattern:
      /\bignore (all |any |your |the |my )?(previous |prior |above |earlier )?(instructions|rules|prompts?)\b|\bsystem prompt\b|\bdeveloper mode\b|\bjailbreak\b|\bpretend (you are|you're|to be)\b|\bfrom now on\b|\byou are now\b|^\s*system\s*:/i,
    reply:
      "I can't do that. I can answer questions about our services, prices and service area, or book a free estimate.",
  },
  {
    kind: 'private-data',
    pattern:
      /\b(customers?|clients?|the lady|the guy|neighbou?rs?|owner'?s|staff|employees?|workers?|their|last customer)\b.{0,40}\b(address(es)?|phone|numbers?|cell|cards?|list|logins?|passwords?)\b|\b(address(es)?|phone|numbers?|cards?)\b.{0,40}\b(customers?|clients?|the lady|the guy|neighbou?rs?|staff|employees?)\b|(?<!\b(my|our) )\b(cell|personal|home|private) (phone|number|address)\b|\blist of (your |all )?(customers|clients)\b|\bwho'?s on the schedule\b|\b(admin|staff|login) passwords?\b/i,
    reply:
      "I can't share anything about our customers or our staff. If you need the office, someone can call you back.",
  },
  {
    kind: 'comparison',
    pattern: /\b(the other (guys|compan(y|ies)|outfits?)|competitors?|better than (the|them|other))\b/i,
    reply: "I can't speak for other companies. The office can go over our work and a free estimate with you.",
  },
  {
    kind: 'unverifiable-promise',
    pattern: /\b(promised|told me|offered me)\b.*\b(confirm|honou?r|right)\b|\bconfirm (that|it) for me\b/i,
    reply:
      "I can't confirm what was said on another call. Someone from the office will call you back about it.",
  },
  {
    kind: 'chat',
    pattern: /\b(tell me a joke|jokes?|poems?|write me|sing|riddles?|bedtime story)\b/i,
    reply:
      "I can't help with that, I'm only here for the business. Is there anything about our services I can help with?",
  },
];

/** The refusal for a request the assistant must not act on, or undefined for an ordinary turn. */
export function refusalFor(message: string): { kind: string; reply: string } | undefined {
  const hit = KINDS.find((k) => k.pattern.test(message));
  return hit && { kind: hit.kind, reply: hit.reply };
}
