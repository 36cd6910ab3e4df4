import type { TurnCase } from '../eval-case.ts';

// The fifth bullet: the log said "Let me get you to someone" while the caller heard that
// nobody could be put through. Without a forward number the caller is promised a call back.
const handoff = (id: string, says: string): TurnCase => ({
  id: `handoff-${id}`,
  group: 'hand-off',
  says,
  expect: { intent: 'handoff', action: 'handoff', must: [/call you back|put you through|connect/i] },
});

export const HANDOFF_CASES: readonly TurnCase[] = [
  handoff('real-person', 'Can I talk to a real person?'),
  handoff('someone', 'Let me speak to someone, please.'),
  handoff('owner', 'Is the owner there? I need to talk to him.'),
  handoff('human', 'I need a human.'),
  handoff('operator', 'Operator.'),
  handoff('transfer', 'Can you transfer me to the office?'),
  handoff('manager', 'This is a complaint. I want a manager.'),
  handoff('representative', 'representative'),
  handoff('robot', "I don't want to talk to a robot. Get me somebody."),
  handoff('call-back', 'Can somebody from the office call me back?'),
  handoff('mike', "I'd rather talk to Mike, he did our house last year. Is he there?"),
  handoff('frustrated', "You're not understanding me. Let me talk to a person!"),
];
