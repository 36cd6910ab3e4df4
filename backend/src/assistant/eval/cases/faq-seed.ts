import type { FaqCategory } from '@washdesk/contract';

/** The FAQ of the business the evaluation plays against: what a soft-wash office writes. */
export const EVAL_FAQ: readonly { question: string; answer: string; category: FaqCategory }[] = [
  {
    question: 'Do you come out to Shelter Cove?',
    answer: 'Yes, Shelter Cove is in our regular service area.',
    category: 'Service Areas',
  },
  {
    question: 'Are you licensed and insured?',
    answer: 'Yes, we are fully licensed and insured in California.',
    category: 'General',
  },
  {
    question: 'Is soft washing safe for my plants and pets?',
    answer:
      'Yes. We wet and rinse your plants before and after, and pets only need to stay inside until the surfaces are dry, usually an hour or two.',
    category: 'Services',
  },
  {
    question: 'Do I need to be home during the cleaning?',
    answer: 'No, as long as we can reach an outdoor water spigot and any gates are unlocked.',
    category: 'Process',
  },
  {
    question: 'How long does a house wash take?',
    answer: 'Most homes take two to four hours.',
    category: 'Process',
  },
  {
    question: 'What forms of payment do you accept?',
    answer: 'Cash, check and all major credit cards. Payment is due when the job is done.',
    category: 'Pricing',
  },
  {
    question: 'What happens if it rains on the day of my appointment?',
    answer: 'Light rain is fine for soft washing. In heavy rain we call you to reschedule at no charge.',
    category: 'Scheduling',
  },
  {
    question: 'Do you clean gutters?',
    answer:
      'We brighten the outside of your gutters as part of a house wash. We do not clear debris out of gutters.',
    category: 'Services',
  },
  {
    question: 'What is the difference between soft washing and pressure washing?',
    answer:
      'Soft washing uses low pressure and a cleaning solution that kills mold, algae and moss at the root, so it is safe for siding and roofs. We only use high pressure on concrete.',
    category: 'Services',
  },
  {
    question: 'How often should a roof be cleaned?',
    answer: 'With our wet winters, most roofs here need cleaning every two to three years.',
    category: 'Services',
  },
  {
    question: 'Do you offer any discounts?',
    answer: 'We give 10% off to seniors and veterans.',
    category: 'Pricing',
  },
  {
    question: 'What chemicals do you use?',
    answer:
      'A diluted sodium hypochlorite solution, the active ingredient in household bleach, with a biodegradable soap.',
    category: 'Services',
  },
  {
    question: 'Will soft washing damage my roof shingles?',
    answer:
      'No. Soft washing uses no high pressure, and it is the cleaning method asphalt shingle makers recommend.',
    category: 'Services',
  },
  {
    question: 'Do you need to use my water?',
    answer:
      'Yes, we connect to your outdoor spigot. A typical house uses about as much water as watering a lawn.',
    category: 'Process',
  },
];
