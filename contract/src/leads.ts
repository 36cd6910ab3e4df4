import { z } from 'zod';
import { channelOptionsOf, channelsOf, WEB_FORM_OPTIONS } from './channels.ts';
import { appointmentCreateSchema, appointmentSchema } from './appointment.ts';
import { VISIT_ANSWERS } from './visit-page-texts.ts';
import { optionalText } from './common.ts';
import { photoSchema } from './photo.ts';
import { APPOINTMENT_STATUSES } from './enums.ts';

/**
 * Where a lead came from: one of the web's forms, or a conversation channel of the vocabulary
 * (a missed call, a first text, a Messenger conversation; channels.ts).
 */
export const LEAD_CHANNEL_OPTIONS = [
  ...WEB_FORM_OPTIONS,
  ...channelOptionsOf(channelsOf('phone', 'text', 'messenger')),
] as const;
export const LEAD_CHANNELS = LEAD_CHANNEL_OPTIONS.map((o) => o.value) as [
  (typeof LEAD_CHANNEL_OPTIONS)[number]['value'],
  ...(typeof LEAD_CHANNEL_OPTIONS)[number]['value'][],
];
export type LeadChannel = (typeof LEAD_CHANNELS)[number];

/** The pipeline: new → contacted → estimate booked → quoted → won / lost (with a reason). */
export const LEAD_STAGE_OPTIONS = [
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'estimate-booked', label: 'Estimate booked' },
  { value: 'quoted', label: 'Quoted' },
  { value: 'won', label: 'Won' },
  { value: 'lost', label: 'Lost' },
] as const;
export const LEAD_STAGES = LEAD_STAGE_OPTIONS.map((o) => o.value) as [
  (typeof LEAD_STAGE_OPTIONS)[number]['value'],
  ...(typeof LEAD_STAGE_OPTIONS)[number]['value'][],
];
export type LeadStage = (typeof LEAD_STAGES)[number];

/** The estimate visit booked from the lead ("Book estimate"), as the appointment stands now. */
export const leadEstimateSchema = z.object({
  appointmentId: z.number().int(),
  /** `YYYY-MM-DD`, the business's calendar date. */
  scheduledDate: z.string(),
  /** Null shows as "Time TBD". */
  preferredTime: z.string().nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  /** The customer's latest answer to a reminder of the visit, if any. */
  customerAnswer: z.enum(VISIT_ANSWERS).nullable(),
});
export type LeadEstimate = z.infer<typeof leadEstimateSchema>;

export const leadSchema = z.object({
  id: z.number().int(),
  channel: z.enum(LEAD_CHANNELS),
  /** The request, submission, call or conversation the lead is. */
  sourceId: z.number().int(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  /** The service asked for, in words. */
  askedFor: z.string().nullable(),
  /** The wizard's timeline ("As soon as possible", "Within a week", "Within a month"). */
  timeline: z.string().nullable(),
  /** Notes, the call's summary, the request's description. */
  detail: z.string().nullable(),
  createdAt: z.string(),
  stage: z.enum(LEAD_STAGES),
  lostReason: z.string().nullable(),
  stageChangedAt: z.string().nullable(),
  /** Who moved it to this stage. */
  stageChangedBy: z.string().nullable(),
  /** The estimate visit booked for it; null until one is. */
  estimate: leadEstimateSchema.nullable(),
  /** The photos a wizard request or a submission came with (none for calls and conversations). */
  photos: z.array(photoSchema),
  /** The customer record this lead belongs to (their timeline). */
  customerId: z.number().int().nullable(),
  /** A photo submission's questions from the customer on its quote that staff have not answered. */
  openQuestions: z.number().int(),
  /** The newest of them, in the customer's words. */
  openQuestion: z.string().nullable(),
  /** A call's call-back task: why the caller is owed a call, and whether it is urgent (null: none). */
  callBack: z.object({ reason: z.string().nullable(), urgent: z.boolean() }).nullable(),
});
export type Lead = z.infer<typeof leadSchema>;

export const leadListQuerySchema = z.object({
  stage: z.enum(LEAD_STAGES, { error: 'Unknown stage' }).optional(),
  channel: z.enum(LEAD_CHANNELS, { error: 'Unknown channel' }).optional(),
  q: optionalText(100, { multiline: false }),
});

export const LOST_REASON_REQUIRED = 'Say why the lead was lost';
export const leadStageChangeSchema = z
  .object({
    stage: z.enum(LEAD_STAGES, { error: 'Choose a stage' }),
    lostReason: optionalText(300, { multiline: false }),
  })
  .refine((c) => c.stage !== 'lost' || Boolean(c.lostReason), {
    message: LOST_REASON_REQUIRED,
    path: ['lostReason'],
  });
export type LeadStageChange = z.input<typeof leadStageChangeSchema>;

export const leadStageRecordSchema = z.object({
  stage: z.enum(LEAD_STAGES),
  lostReason: z.string().nullable(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});
export type LeadStageRecord = z.infer<typeof leadStageRecordSchema>;

/**
 * POST /api/leads/:id/estimate: the appointment dialog's fields. The server books the appointment
 * (same rules as the dialog: no past date, a taken slot needs allowOverlap) and moves the lead to
 * "estimate-booked" in one transaction: both happen or neither.
 */
export const leadEstimateBookingSchema = appointmentCreateSchema;
export const leadEstimateBookedSchema = z.object({ appointment: appointmentSchema, lead: leadSchema });
export type LeadEstimateBooked = z.infer<typeof leadEstimateBookedSchema>;
