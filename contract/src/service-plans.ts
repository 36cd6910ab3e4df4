import { z } from 'zod';
import { APPOINTMENT_SERVICE_TYPES } from './enums.ts';

// A customer's service plan (issue 33, item 6): the same work again every year, every two years or
// every N years, in a chosen month. The server stores it as an RFC 5545 rule in the business's
// time zone and turns each coming due month into an unscheduled job a season ahead; the customer
// is then asked to pick a slot from a link (/plan-visit/{token}).

export const PLAN_STATUSES = ['active', 'stopped'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
/** The longest gap a plan may have between two services (a roof every few years, not a decade more). */
export const MAX_PLAN_EVERY_YEARS = 10;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const PLAN_MESSAGES = {
  everyYears: `Choose every 1 to ${MAX_PLAN_EVERY_YEARS} years`,
  month: 'Choose a month',
  startYear: 'Choose the first year it is due',
  services: 'Add at least one service',
  service: 'Choose a service',
  amount: 'Enter a price of 0 or more, in dollars and cents',
  duration: 'The work takes between 15 minutes and 12 hours',
  noAddress: 'The customer needs an address before a service plan can be made',
  stopped: 'This plan is stopped',
} as const;

export const planServiceSchema = z.object({
  /** One of the services visits are booked for (`house-wash`); its label is what people read. */
  service: z.enum(APPOINTMENT_SERVICE_TYPES, { error: PLAN_MESSAGES.service }),
  amountCents: z
    .number({ error: PLAN_MESSAGES.amount })
    .int(PLAN_MESSAGES.amount)
    .min(0, PLAN_MESSAGES.amount)
    .max(10_000_000, PLAN_MESSAGES.amount),
});
export type PlanService = z.infer<typeof planServiceSchema>;

/** What staff send to create or change a plan. */
export const servicePlanInputSchema = z.object({
  everyYears: z
    .number({ error: PLAN_MESSAGES.everyYears })
    .int(PLAN_MESSAGES.everyYears)
    .min(1, PLAN_MESSAGES.everyYears)
    .max(MAX_PLAN_EVERY_YEARS, PLAN_MESSAGES.everyYears),
  month: z
    .number({ error: PLAN_MESSAGES.month })
    .int(PLAN_MESSAGES.month)
    .min(1, PLAN_MESSAGES.month)
    .max(12, PLAN_MESSAGES.month),
  /** The first year it is due; by default the next time that month comes round. */
  startYear: z
    .number({ error: PLAN_MESSAGES.startYear })
    .int(PLAN_MESSAGES.startYear)
    .min(2000, PLAN_MESSAGES.startYear)
    .max(2200, PLAN_MESSAGES.startYear)
    .optional(),
  services: z
    .array(planServiceSchema, { error: PLAN_MESSAGES.services })
    .min(1, PLAN_MESSAGES.services)
    .max(10),
  durationMinutes: z
    .number({ error: PLAN_MESSAGES.duration })
    .int(PLAN_MESSAGES.duration)
    .min(15, PLAN_MESSAGES.duration)
    .max(720, PLAN_MESSAGES.duration),
});
export type ServicePlanInput = z.input<typeof servicePlanInputSchema>;

export const servicePlanSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  everyYears: z.number().int(),
  month: z.number().int(),
  startYear: z.number().int(),
  /** The stored RFC 5545 rule (DTSTART with the business's TZID, then RRULE). */
  rule: z.string(),
  timeZone: z.string(),
  /** What the customer reads: "house wash". */
  title: z.string(),
  services: z.array(planServiceSchema),
  priceCents: z.number().int(),
  durationMinutes: z.number().int(),
  status: z.enum(PLAN_STATUSES),
  /** The next due dates (`YYYY-MM-DD`, the first of the due month), soonest first. */
  nextDue: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServicePlan = z.infer<typeof servicePlanSchema>;

/** "Every year in April", "Every 2 years in March": how staff and customers read a plan. */
export const planFrequencyText = (everyYears: number, month: number) =>
  `${everyYears === 1 ? 'Every year' : `Every ${everyYears} years`} in ${MONTH_NAMES[month - 1] ?? '?'}`;

// The plan's title ("house wash", in the customer's language too): `planTitle` in service-names.ts.

// The customer's page for a plan's job: pick a slot.
export const planVisitPagePath = (token: string) => `/plan-visit/${token}`;
export const PLAN_VISIT_REFUSALS = {
  notFound: 'This link is not valid. Please call us to book your visit.',
  taken: 'That time is no longer free. Please pick another.',
  booked: 'Your visit is already booked.',
} as const;

export const planVisitPickSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please pick a day'),
  time: z.string().min(1, 'Please pick a time').max(20),
});

export const publicPlanVisitSchema = z.object({
  business: z.object({ name: z.string(), phone: z.string() }),
  customerFirstName: z.string().nullable(),
  /** The plan's title in English (staff's words); the page says it in its language from `services`. */
  title: z.string(),
  /** The job's services, our English names ("House Wash"): `planJobTitleIn` names them (service-names.ts). */
  services: z.array(z.string()),
  dueMonth: z.string(),
  durationMinutes: z.number().int(),
  priceCents: z.number().int(),
  /** Set once the customer (or staff) booked the visit. */
  booked: z.object({ date: z.string(), time: z.string() }).nullable(),
  /** Days with at least one free start, soonest first. */
  days: z.array(z.object({ date: z.string(), times: z.array(z.string()) })),
});
export type PublicPlanVisit = z.infer<typeof publicPlanVisitSchema>;
