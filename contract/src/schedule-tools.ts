import { z } from 'zod';
import { calendarDate } from './common.ts';

// The crew day's route and the rain day (issue 33, items 4 and 5): what the admin sends and reads.

const crewId = z.coerce.number({ error: 'Choose a crew' }).int('Choose a crew').positive('Choose a crew');

/** `GET /api/schedule/route?date=&crewId=` */
export const routeQuerySchema = z.object({
  date: calendarDate('Choose a day'),
  crewId,
});

/** `POST /api/schedule/route/apply` */
export const routeApplySchema = z.strictObject({
  date: calendarDate('Choose a day'),
  crewId: z.number({ error: 'Choose a crew' }).int('Choose a crew').positive('Choose a crew'),
});

/** `PUT /api/schedule/visits/:id/place`: staff drop a pin on a visit's address. */
export const placePinSchema = z.strictObject({
  latitude: z
    .number({ error: 'Type a latitude like 40.0864' })
    .min(-90, 'A latitude is between -90 and 90')
    .max(90, 'A latitude is between -90 and 90'),
  longitude: z
    .number({ error: 'Type a longitude like -123.7991' })
    .min(-180, 'A longitude is between -180 and 180')
    .max(180, 'A longitude is between -180 and 180'),
});

export const PLACE_SOURCES = ['census', 'pin', 'fixture'] as const;
export type PlaceSource = (typeof PLACE_SOURCES)[number];

/** What a customer gets about a moved visit, or why they get nothing. */
export const rainDayMessageSchema = z.discriminatedUnion('texted', [
  z.object({ texted: z.literal(true), to: z.string(), body: z.string(), sendsAt: z.string() }),
  z.object({ texted: z.literal(false), reason: z.string(), body: z.string() }),
]);
export type RainDayMessage = z.infer<typeof rainDayMessageSchema>;

export const routeStopSchema = z.object({
  visitId: z.number().int(),
  customerName: z.string(),
  address: z.string(),
  /** The visit's time now (a label like "9:00 AM"), or null when it has none yet. */
  time: z.string().nullable(),
  durationMinutes: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  source: z.enum(PLACE_SOURCES),
  /** From the previous stop (the base for the first), in miles. */
  legMiles: z.number(),
});
export type RouteStop = z.infer<typeof routeStopSchema>;

export const dayRouteSchema = z.object({
  date: z.string(),
  crewId: z.number().int(),
  base: z.object({ latitude: z.number(), longitude: z.number() }),
  /** In driving order. */
  stops: z.array(routeStopSchema),
  /** Base → stops → base, great-circle miles rounded to 0.1 (roads are longer). */
  totalMiles: z.number(),
  /** True up to 15 stops (the shortest order); above, a heuristic's. */
  exact: z.boolean(),
  /** Visits of the day with no point yet: not in the order until a pin is dropped. */
  unlocated: z.array(
    z.object({
      visitId: z.number().int(),
      customerName: z.string(),
      address: z.string(),
      time: z.string().nullable(),
    }),
  ),
});
export type DayRoute = z.infer<typeof dayRouteSchema>;

export const routeAppliedSchema = z.object({
  route: dayRouteSchema,
  /** Each visit whose time changed, with the text its customer gets. */
  moved: z.array(
    z.object({
      visitId: z.number().int(),
      customerName: z.string(),
      from: z.string().nullable(),
      to: z.string(),
      message: rainDayMessageSchema,
    }),
  ),
});
export type RouteApplied = z.infer<typeof routeAppliedSchema>;

export const placePinnedSchema = z.object({
  visitId: z.number().int(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  source: z.literal('pin'),
});

export const RAIN_DAY_NEXT_FREE = 'next-free';

export const rainDaySchema = z.strictObject({
  date: calendarDate('Choose the rained-out day'),
  crewId: z.number({ error: 'Choose a crew' }).int('Choose a crew').positive('Choose a crew').nullish(),
  toDate: z.union([z.literal(RAIN_DAY_NEXT_FREE), calendarDate('Choose where the visits go')], {
    error: 'Choose a day, or "next-free"',
  }),
});
export type RainDayRequest = z.input<typeof rainDaySchema>;

export const rainDayUndoSchema = z.strictObject({
  /** The day the screen shows: an undo of another day's rain day is refused. */
  date: calendarDate('Choose the rained-out day').optional(),
});

const slotSchema = z.object({ date: z.string(), time: z.string(), crewId: z.number().int() });

export const rainDayMoveSchema = z.object({
  visitId: z.number().int(),
  customerName: z.string(),
  serviceLabel: z.string(),
  from: z.object({ date: z.string(), time: z.string().nullable(), crewId: z.number().int().nullable() }),
  /** Null when no free slot was found (the move cannot be applied). */
  to: slotSchema.nullable(),
  message: rainDayMessageSchema,
});
export type RainDayMove = z.infer<typeof rainDayMoveSchema>;

export const rainDayPlanSchema = z.object({
  date: z.string(),
  crewId: z.number().int().nullable(),
  toDate: z.string(),
  moves: z.array(rainDayMoveSchema),
  /** Visits no free slot could take: while any, the rain day cannot be sent. */
  unplaced: z.number().int(),
});
export type RainDayPlan = z.infer<typeof rainDayPlanSchema>;

export const rainDayAppliedSchema = rainDayPlanSchema.extend({
  undoId: z.string(),
  /** The server's instant of sending (the undo window is measured on its clock). */
  appliedAt: z.string(),
  /** Until this instant "Undo" puts everything back; the texts wait until then too. */
  undoUntil: z.string(),
});
export type RainDayApplied = z.infer<typeof rainDayAppliedSchema>;

export const rainDayUndoneSchema = z.object({
  undoId: z.string(),
  restored: z.number().int(),
  /** Texts cancelled before they went. */
  cancelledTexts: z.number().int(),
  /** Texts that had gone already, each followed by a correction. */
  corrected: z.number().int(),
});
export type RainDayUndone = z.infer<typeof rainDayUndoneSchema>;
