import {
  ERROR_CODES,
  PREFERRED_TIMES,
  type Appointment,
  type DayRoute,
  type Language,
  type RouteApplied,
  type RouteStop,
} from '@washdesk/contract';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { AppointmentRules } from '../appointments/appointment-rules.ts';
import type { CrewRepository } from '../crews/crew.repository.ts';
import type { Db } from '../db/database.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { BusinessTexts } from '../texts/business-texts.ts';
import type { TextsService } from '../texts/texts.service.ts';
import type { Clock } from '../time.ts';
import type { Geocoder } from './geocoder.ts';
import { addressKey, type PlaceRepository } from './place.repository.ts';
import { distanceMatrix, routeOrder, type Point } from './route-order.ts';
import { visitDayText } from '../reminders/visit-reminders.ts';
import {
  messageFor,
  minutesOf,
  routeTimeText,
  ROUTE_TIME_TEMPLATE,
  type BusinessVoice,
} from './visit-moved-text.ts';

// A crew's day as a drive: each address's point (stored once, from the geocoder when one is
// configured or from staff's pin), the shortest order from and back to the base, and — when staff
// apply it — the visits' times in that order within open hours, each moved customer told.

export const NO_BASE_CODE = 'no_service_base';
export const ROUTE_DOES_NOT_FIT_CODE = 'route_does_not_fit';

/** The booking rules the route asks (appointments/appointment-rules.ts). */
export type RouteRules = Pick<AppointmentRules, 'timeHasPassed' | 'isOpen'>;

const round1 = (miles: number) => Math.round(miles * 10) / 10;

export function dayRoutes(deps: {
  db: Db;
  appointments: Pick<AppointmentRepository, 'scheduledOnDay' | 'moveToSlot'>;
  crews: Pick<CrewRepository, 'get'>;
  places: PlaceRepository;
  geocoder: Geocoder | null;
  base: Point | null;
  rules: RouteRules;
  texting: Pick<BusinessTexts, 'check'> | null;
  texts: Pick<TextsService, 'queueText'>;
  business: BusinessVoice;
  /** The customer's language: each text is written in it. */
  languageOf: (visit: Pick<Appointment, 'customerPhone' | 'customerEmail'>) => Language;
  clock: Clock;
}) {
  const { places } = deps;

  /** Asks the geocoder once for each address it was never asked about (a miss is stored too). */
  async function locate(visits: readonly Appointment[]) {
    if (!deps.geocoder) return;
    const known = places.of(visits.map((v) => v.address));
    const asked = new Set<string>();
    for (const v of visits) {
      const key = addressKey(v.address);
      if (known.has(key) || asked.has(key)) continue;
      asked.add(key);
      try {
        places.found(v.address, await deps.geocoder.locate(v.address), deps.geocoder.source);
      } catch {
        // Unreachable or slow: nothing stored, so the next read asks again; the visit is listed
        // apart until then, never placed somewhere guessed.
      }
    }
  }

  function orderOf(date: string, crewId: number, visits: readonly Appointment[], base: Point): DayRoute {
    const known = places.of(visits.map((v) => v.address));
    const located: { visit: Appointment; point: Point; source: RouteStop['source'] }[] = [];
    const unlocated: DayRoute['unlocated'] = [];
    for (const visit of visits) {
      const place = known.get(addressKey(visit.address));
      if (place && place.latitude !== null && place.longitude !== null)
        located.push({ visit, point: { lat: place.latitude, lon: place.longitude }, source: place.source });
      else
        unlocated.push({
          visitId: visit.id,
          customerName: visit.customerName,
          address: visit.address,
          time: visit.preferredTime,
        });
    }
    const points = located.map((l) => l.point);
    const { order: shortest, miles, exact } = routeOrder(base, points);
    // A tour and its reverse are as long: drive it the way the day already runs (the first stop
    // earlier than the last), so applying a route twice changes nothing the second time.
    const timeOf = (i: number | undefined) => {
      const time = i === undefined ? null : located[i]!.visit.preferredTime;
      return time ? minutesOf(time) : null;
    };
    const [first, last] = [timeOf(shortest[0]), timeOf(shortest.at(-1))];
    const order = first !== null && last !== null && first > last ? [...shortest].reverse() : shortest;
    const d = distanceMatrix(base, points);
    let from = 0;
    const stops = order.map((i): RouteStop => {
      const { visit, point, source } = located[i]!;
      const legMiles = round1(d[from]![i + 1]!);
      from = i + 1;
      return {
        visitId: visit.id,
        customerName: visit.customerName,
        address: visit.address,
        time: visit.preferredTime,
        durationMinutes: visit.durationMinutes,
        latitude: point.lat,
        longitude: point.lon,
        source,
        legMiles,
      };
    });
    return {
      date,
      crewId,
      base: { latitude: base.lat, longitude: base.lon },
      stops,
      totalMiles: round1(miles),
      exact,
      unlocated,
    };
  }

  function baseOrRefuse(): Point {
    if (!deps.base)
      throw new HttpError(
        409,
        NO_BASE_CODE,
        'Set SERVICE_BASE_LOCATION (where the trucks leave from) in the server’s settings to plan routes.',
      );
    return deps.base;
  }

  async function route(date: string, crewId: number): Promise<DayRoute> {
    const base = baseOrRefuse();
    if (!deps.crews.get(crewId)) throw notFound('Crew');
    await locate(deps.appointments.scheduledOnDay(date, crewId));
    // Read again after the lookups: a visit moved meanwhile is shown where it is now.
    return orderOf(date, crewId, deps.appointments.scheduledOnDay(date, crewId), base);
  }

  /**
   * Times in the route's order: from the day's first visit (or opening), each stop at the first
   * open hour after the previous one ends, around the visits without a point (they keep theirs).
   */
  function timesInOrder(dayRoute: DayRoute, visits: readonly Appointment[]) {
    const routed = new Set(dayRoute.stops.map((s) => s.visitId));
    const busy = visits
      .filter((v) => !routed.has(v.id) && v.preferredTime)
      .map((v) => ({
        start: minutesOf(v.preferredTime!),
        end: minutesOf(v.preferredTime!) + v.durationMinutes,
      }));
    const starts = dayRoute.stops.filter((s) => s.time).map((s) => minutesOf(s.time!));
    let cursor = starts.length ? Math.min(...starts) : 0;
    const times = new Map<number, string>();
    for (const stop of dayRoute.stops) {
      const time = PREFERRED_TIMES.find((t) => {
        const start = minutesOf(t);
        const end = start + stop.durationMinutes;
        return (
          start >= cursor &&
          !deps.rules.timeHasPassed(dayRoute.date, t) &&
          deps.rules.isOpen(dayRoute.date, t, stop.durationMinutes) &&
          !busy.some((b) => start < b.end && b.start < end)
        );
      });
      if (!time)
        throw new HttpError(
          422,
          ROUTE_DOES_NOT_FIT_CODE,
          `In this order ${stop.customerName}'s visit would not fit in open hours on ` +
            `${visitDayText(dayRoute.date, deps.business.timeZone)}. Move a visit to another day, then apply the route.`,
        );
      times.set(stop.visitId, time);
      busy.push({ start: minutesOf(time), end: minutesOf(time) + stop.durationMinutes });
      cursor = minutesOf(time) + stop.durationMinutes;
    }
    return times;
  }

  return {
    route,
    /** Gives the visits times in the route's order, in one transaction; each moved customer is texted. */
    async apply(
      date: string,
      crewId: number,
      staff: { id: number },
    ): Promise<RouteApplied & { changed: Appointment[] }> {
      const planned = await route(date, crewId);
      return deps.db.transaction(() => {
        // Decided on what is stored now, inside the transaction (a visit moved since is seen).
        const visits = deps.appointments.scheduledOnDay(date, crewId);
        const dayRoute = orderOf(date, crewId, visits, baseOrRefuse());
        if (dayRoute.stops.map((s) => s.visitId).join() !== planned.stops.map((s) => s.visitId).join())
          throw new HttpError(
            409,
            ERROR_CODES.conflict,
            'The day changed while the route was planned: try again.',
          );
        const times = timesInOrder(dayRoute, visits);
        const now = deps.clock();
        const moved: RouteApplied['moved'] = [];
        const changed: Appointment[] = [];
        for (const visit of visits) {
          const time = times.get(visit.id);
          if (!time || time === visit.preferredTime) continue;
          const after = deps.appointments.moveToSlot(visit.id, { date, time, crewId });
          if (!after) continue;
          changed.push(after);
          const body = routeTimeText(deps.business, visit, date, visit.preferredTime, time, deps.languageOf(visit));
          const message = messageFor(deps.texting, visit.customerPhone, body, now);
          if (message.texted)
            deps.texts.queueText({
              to: message.to,
              body,
              key: `${ROUTE_TIME_TEMPLATE}:${visit.id}:${date}:${time}:${now}`,
              template: ROUTE_TIME_TEMPLATE,
              sender: 'staff',
              staffUserId: staff.id,
              automatic: false,
              about: `appointment:${visit.id}`,
              dueAt: new Date(now),
            });
          moved.push({
            visitId: visit.id,
            customerName: visit.customerName,
            from: visit.preferredTime,
            to: time,
            message,
          });
        }
        const stops = dayRoute.stops.map((s) => ({ ...s, time: times.get(s.visitId) ?? s.time }));
        return { route: { ...dayRoute, stops }, moved, changed };
      })();
    },
    /** Staff drop a pin on a visit's address: every visit there reads it from now on. */
    pin: (address: string, point: { latitude: number; longitude: number }) => places.pin(address, point),
  };
}
export type DayRoutes = ReturnType<typeof dayRoutes>;
