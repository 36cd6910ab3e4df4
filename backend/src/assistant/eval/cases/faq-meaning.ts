import type { AiIntent } from '@washdesk/contract';
import type { TurnCase } from '../eval-case.ts';

// Questions asked in other words than the FAQ entry's (the third bullet), and questions
// the FAQ does not answer, which get the honest "I don't have that information".
const faq = (
  id: string,
  says: string,
  intent: AiIntent | readonly AiIntent[],
  must: (string | RegExp)[],
  mustNot: (string | RegExp)[] = [],
): TurnCase => ({
  id: `faq-${id}`,
  group: 'faq-meaning',
  says,
  expect: { intent, must, mustNot },
});
// What a question is about, as the FAQ categories say it (General and Process questions are
// "other" or a service question; payment and discounts are pricing; rain is scheduling).
const GENERAL = ['other', 'service_inquiry'] as const;
const SERVICE = 'service_inquiry';
const PRICING = ['pricing', 'other'] as const;
const NO_ANSWER = /don'?t have that information|office (will )?call you back|someone from the office/i;
const unknown = (id: string, says: string): TurnCase => ({
  id: `faq-${id}`,
  group: 'faq-meaning',
  says,
  expect: { intent: GENERAL, must: [NO_ANSWER], mustNot: [/^(Yes|No)\b/i, 'Shelter Cove'] },
});

export const FAQ_CASES: readonly TurnCase[] = [
  faq('bonded', 'are you guys bonded and insured', GENERAL, ['licensed and insured']),
  faq('insurance-proof', 'Do you carry insurance in case something gets damaged?', GENERAL, [
    'licensed and insured',
  ]),
  faq('roses', 'Will the stuff you spray kill my roses?', SERVICE, ['rinse your plants']),
  faq('dog', "My dog's out in the yard all day, is that gonna be a problem?", SERVICE, [
    'pets only need to stay inside',
  ]),
  faq('be-home', 'Do I gotta be there when you guys come?', GENERAL, ['outdoor water spigot']),
  faq('at-work', "I'll be at work that day, is that ok?", GENERAL, ['outdoor water spigot']),
  faq('how-long', 'How long are you gonna be at my place?', GENERAL, ['two to four hours']),
  faq('card', 'Can I pay with a card?', PRICING, ['credit cards']),
  faq('checks', 'do you take checks', PRICING, ['Cash, check']),
  faq('rain', "What if it's pouring that day?", ['scheduling', 'other'], ['reschedule at no charge']),
  faq(
    'gutters-debris',
    'Can you clean the leaves out of my gutters?',
    SERVICE,
    ['do not clear debris'],
    [/^Yes\b/i],
  ),
  faq('pressure', "Is this like pressure washing? I don't want my siding blasted.", SERVICE, [
    'low pressure',
  ]),
  faq('roof-often', 'How often does a roof need doing around here?', SERVICE, ['two to three years']),
  faq('senior', "I'm a veteran, do I get anything off?", PRICING, ['10% off']),
  faq('bleach', 'Is it bleach you use?', SERVICE, ['sodium hypochlorite']),
  faq('shingles', 'Will it wreck my shingles?', SERVICE, ['no high pressure']),
  faq('water', 'Do you need to hook up to my water?', GENERAL, ['outdoor spigot']),
  unknown('paint', 'Can you guys paint the house after you wash it?'),
  unknown('employees', 'How many people work for you?'),
  unknown('hiring', 'Are you hiring right now? My son needs a summer job.'),
  unknown('hours', 'What time does your office close today?'),
  unknown('warranty', 'Do you guarantee the roof stays clean for a year?'),
];
