import { businessNow, extractSlots, type BookingSlots, type Slot } from '../booking.ts';

// The booking tool: date, time, name, address and service read from one thing the customer said,
// several at once ("Thursday at 2, this is Dana Reyes, 310 Maple Lane in Fortuna, for the house"),
// with `asking` the question just asked so a short answer fills it ("11 works", "the 8th").
// Both paths use it: the no-model booking conversation, and the model's tool call.

export interface BookingDetailsInput {
  said: string;
  asking?: Slot;
}

export interface BookingDetails {
  slots: BookingSlots;
  /** Said but not bookable (a past day, a time outside 8 AM–4 PM), as sentences for the customer. */
  problems: string[];
}

export function bookingDetailsTool(deps: { timeZone: string; now: () => number }) {
  return ({ said, asking }: BookingDetailsInput): BookingDetails =>
    extractSlots(said, asking, businessNow(deps.now(), deps.timeZone));
}
