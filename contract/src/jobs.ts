import { z } from 'zod';

// Jobs and crews (issue 33). A visit is an estimate (free, about 30 minutes) or a job (the work,
// sold at a price in cents with its line items). A job's progress is the crew's day, told to the
// customer: scheduled → on the way → in progress → done (then invoiced and paid, issue 35).

export const VISIT_KINDS = ['estimate', 'job'] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

export const JOB_STATUSES = [
  'unscheduled',
  'scheduled',
  'on_the_way',
  'in_progress',
  'done',
  'cancelled',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** How staff read a job's status. */
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  unscheduled: 'Unscheduled',
  scheduled: 'Scheduled',
  on_the_way: 'On the way',
  in_progress: 'In progress',
  done: 'Done',
  cancelled: 'Cancelled',
};

/** An estimate visit takes this long unless staff say otherwise. */
export const ESTIMATE_MINUTES = 30;
/** A business has between one and five crews (Settings). */
export const MAX_CREWS = 5;

export const jobLineItemSchema = z.object({
  service: z.string(),
  /** Null for a flat-priced line (an add-on such as gutter brightening). */
  areaSqFt: z.number().int().nullable(),
  unitPriceCents: z.number().int().nullable(),
  amountCents: z.number().int(),
});
export type JobLineItem = z.infer<typeof jobLineItemSchema>;

export const jobSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int().nullable(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string().nullable(),
  address: z.string(),
  /** What the customer reads: "your house wash". */
  title: z.string(),
  priceCents: z.number().int(),
  durationMinutes: z.number().int(),
  status: z.enum(JOB_STATUSES),
  quoteId: z.number().int().nullable(),
  planId: z.number().int().nullable(),
  /** `YYYY-MM`, the month a recurring job is due. */
  dueMonth: z.string().nullable(),
  notes: z.string().nullable(),
  lineItems: z.array(jobLineItemSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

export const crewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `#RRGGBB`. */
  color: z.string(),
  position: z.number().int(),
  active: z.boolean(),
});
export type Crew = z.infer<typeof crewSchema>;
