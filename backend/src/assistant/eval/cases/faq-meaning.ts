import type { TurnCase } from '../eval-case.ts';

// Questions asked in other words than the FAQ entry's (the third bullet), and questions
// the FAQ does not answer, which get the honest "I don't have that information".
const faq = (
  id: string,
  says: string,
  must: (string | RegExp)[],
  mustNot: (string | RegExp)[] = [],
): TurnCase => ({
  id: `faq-${id}`,
  group: 'faq-meaning',
  says,
  expect: { must, mustNot },
});
const NO_ANSWER = /don'?t have that information|office (will )?call you back|someone from the office/i;
const unknown = (id: string, says: string): TurnCase => ({
  id: `faq-${id}`,
  group: 'faq-meaning',
  says,
  expect: { must: [NO_ANSWER], mustNot: [/^(Yes|No)\b/i, 'Shelter Cove'] },
});

export const FAQ_CASES: readonly TurnCase[] = [
  faq('bonded', 'are you guys bonded and insured', ['licensed and insured']),
  faq('insurance-proof', 'Do you carry insurance in case something gets damaged?', ['licensed and insured']),
  faq('roses', 'Will the stuff you spray kill my roses?', ['rinse your plants']),
  faq('dog', "My dog's out in the yard all day, is that gonna be a problem?", [
    'pets only need to stay inside',
  ]),
  faq('be-home', 'Do I gotta be there when you guys come?', ['outdoor water spigot']),
  faq('at-work', "I'll be at work that day, is that ok?", ['outdoor water spigot']),
  faq('how-long', 'How long are you gonna be at my place?', ['two to four hours']),
  faq('card', 'Can I pay with a card?', ['credit cards']),
  faq('checks', 'do you take checks', ['Cash, check']),
  faq('rain', "What if it's pouring that day?", ['reschedule at no charge']),
  faq('gutters-debris', 'Can you clean the leaves out of my gutters?', ['do not clear debris'], [/^Yes\b/i]),
  faq('pressure', "Is this like pressure washing? I don't want my siding blasted.", ['low pressure']),
  faq('roof-often', 'How often does a roof need doing around here?', ['two to three years']),
  faq('senior', "I'm a veteran, do I get anything off?", ['10% off']),
  faq('bleach', 'Is it bleach you use?', ['sodium hypochlorite']),
  faq('shingles', 'Will it wreck my shingles?', ['no high pressure']),
  faq('water', 'Do you need to hook up to my water?', ['outdoor spigot']),
  unknown('paint', 'Can you guys paint the house after you wash it?'),
  unknown('employees', 'How many people work for you?'),
  unknown('hiring', 'Are you hiring right now? My son needs a summer job.'),
  unknown('hours', 'What time does your office close today?'),
  unknown('warranty', 'Do you guarantee the roof stays clean for a year?'),
];
