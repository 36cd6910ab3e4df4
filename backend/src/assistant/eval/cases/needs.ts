import type { TurnCase } from '../eval-case.ts';

// Issue 34, item 2: what callers need of the office, said the way they say it. Damage, water in the
// house or an injury, a complaint, anger or a repeat call, a message, a person: each reaches the
// office (the evaluation's line has no forward number, so a priority or plain call-back task with
// the reason). Words that merely sound like a hand-off — a family member to ask first, "is this a
// machine?", a robocall or a sales pitch — get an answer and leave no task.

const OWED = /call you back|put you through|connect/i;

const urgent = (id: string, says: string): TurnCase => ({
  id: `needs-urgent-${id}`,
  group: 'needs',
  says,
  expect: { intent: 'handoff', action: 'handoff', must: [OWED], callBack: { urgent: true } },
});
const complaint = (id: string, says: string): TurnCase => ({
  id: `needs-complaint-${id}`,
  group: 'needs',
  says,
  expect: {
    intent: 'handoff',
    action: 'handoff',
    must: [OWED, /sorry/i],
    callBack: { urgent: true, reason: /complaint|upset/i },
  },
});
const message = (id: string, says: string): TurnCase => ({
  id: `needs-message-${id}`,
  group: 'needs',
  says,
  expect: { intent: 'handoff', action: 'handoff', must: [/message/i], callBack: { urgent: false } },
});
const person = (id: string, says: string): TurnCase => ({
  id: `needs-person-${id}`,
  group: 'needs',
  says,
  expect: { intent: 'handoff', action: 'handoff', must: [OWED], callBack: { reason: /person/i } },
});
/** Not a request for the office: answered, and no task, no promise. */
const notOwed = (id: string, says: string, must: (string | RegExp)[] = []): TurnCase => ({
  id: `needs-not-${id}`,
  group: 'needs',
  says,
  expect: { must, mustNot: [/call you back|put you through|leave a message/i], callBack: false },
});

export const NEEDS_CASES: readonly TurnCase[] = [
  urgent('water', 'Your guys were here yesterday and now there is water coming into my living room!'),
  urgent('window', 'Um, one of your workers cracked my window this morning.'),
  urgent('injury', "My husband slipped on the deck right after you cleaned it and he's hurt."),
  urgent('paint', 'The crew stripped the paint right off my shutters. What are you going to do about it?'),
  urgent('leak', "Since you cleaned the roof it's leaking into the ceiling in the bedroom."),
  complaint('streaks', "Yeah, I'm really not happy with the job, there's streaks all over the windows."),
  complaint('missed-side', 'You guys missed a spot, the whole back side of the house is still green.'),
  complaint('no-show', 'Nobody showed up today and I took the whole day off work for this.'),
  complaint('third-call', 'This is the third time I am calling about this!'),
  complaint('nobody-called', "This is ridiculous. I've called twice and nobody called me back."),
  message('mike', 'Can I leave a message for Mike?'),
  message('owner', 'Could you take a message for the owner, please?'),
  message('voicemail', 'Just let me leave a voicemail.'),
  person('somebody', 'I need to talk to somebody in the office about my bill.'),
  person('human', 'Get me a human, please.'),
  person('transfer', 'Uh, can you just transfer me to the office?'),
  notOwed('wife', 'I need to talk to my wife first.', [/take your time/i]),
  notOwed('husband', "Let me ask my husband and I'll call you guys back.", [/take your time/i]),
  notOwed('landlord', 'I have to run it by my landlord before I book anything.'),
  notOwed('think', 'Okay. Let me think about it and talk it over with my partner.'),
  notOwed('machine', 'Am I talking to a machine?', [/virtual assistant|automated/i]),
  notOwed('real-person', 'Wait, is this a real person?', [/virtual assistant|automated/i]),
  notOwed('robot', 'Are you a robot?', [/virtual assistant|automated/i]),
  notOwed(
    'warranty',
    "This is an automated message about your car's extended warranty. Press 1 to speak to an agent.",
  ),
  notOwed(
    'listing',
    "Hi, this is Jessica from Local Listings Pro, we're calling about your Google business listing.",
  ),
  notOwed(
    'marketing',
    "Hello, I'm calling from Bright Path Marketing, we can get you more customers for your business.",
  ),
  notOwed('processing', 'We have a special promotion on credit card processing for small business owners.'),
];
