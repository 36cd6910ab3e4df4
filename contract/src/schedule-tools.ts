import { z } from 'zod';
import { calendarDate } from './common.ts';

// The crew day's route and the rain day (issue 33, items 4 and 5): what the admin sends and reads.

const crewId = z.coerce
  .number({ error: 'Choose a crew' })
  .int('Choose a crew')
  .positive('Choose a crew');

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

export interface RouteStop {
  visitId: number;
  customerName: string;
  address: string;
  /** The visit's time now (a label like "9:00 AM"), or null when it has none yet. */
  time: string | null;
  durationMinutes: number;
  latitude: number;
  longitude: number;
  source: PlaceSource;
  /** From the previous stop (the base for the first), in miles. */
  legMiles: number;
}

export interface DayRoute {
  date: string;
  crewId: number;
  base: { latitude: number; longitude: number };
  /** In driving order. */
  stops: RouteStop[];
  /** Base → stops → base, great-circle miles rounded to 0.1 (roads are longer). */
  totalMiles: number;
  /** True up to 15 stops (the shortest order); above, a heuristic's. */
  exact: boolean;
  /** Visits of the day with no point yet: not in the order until a pin is dropped. */
  unlocated: { visitId: number; customerName: string; address: string; time: string | null }[];
}

export interface RouteApplied {
  route: DayRoute;
  /** Each visit whose time changed, with the text its customer gets. */
  moved: { visitId: number; customerName: string; from: string | null; to: string; message: RainDayMessage }[];
}

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

/** What a customer gets about a moved visit, or why they get nothing. */
export type RainDayMessage =
  | { texted: true; to: string; body: string; sendsAt: string }
  | { texted: false; reason: string; body: string };

export interface RainDayMove {
  visitId: number;
  customerName: string;
  serviceLabel: string;
  from: { date: string; time: string | null; crewId: number | null };
  /** Null when no free slot was found (the move cannot be applied). */
  to: { date: string; time: string; crewId: number } | null;
  message: RainDayMessage;
}

export interface RainDayPlan {
  date: string;
  crewId: number | null;
  toDate: string;
  moves: RainDayMove[];
  /** Visits no free slot could take: while any, the rain day cannot be sent. */
  unplaced: number;
}

export interface RainDayApplied extends RainDayPlan {
  undoId: string;
  /** Until this instant "Undo" puts everything back; the texts wait until then too. */
  undoUntil: string;
}

export interface RainDayUndone {
  undoId: string;
  restored: number;
  /** Texts cancelled before they went. */
  cancelledTexts: number;
  /** Texts that had gone already, each followed by a correction. */
  corrected: number;
}
