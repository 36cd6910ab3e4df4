import type { Config } from '../config.ts';
import type { AppointmentRepository } from '../appointments/appointment.repository.ts';
import type { AppointmentRules } from '../appointments/appointment-rules.ts';
import { serviceAreaConfigFrom } from '../assistant/tools/service-area.ts';
import type { CrewRepository } from '../crews/crew.repository.ts';
import { ENGLISH_ONLY, type CustomerLanguages } from '../customers/customer-languages.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { BusinessTexts } from '../texts/business-texts.ts';
import type { TextsFeature } from '../texts/texts.feature.ts';
import type { Clock } from '../time.ts';
import { dayRoutes } from './day-route.ts';
import { censusGeocoder } from './geocoder.ts';
import { placeRepository } from './place.repository.ts';
import { rainDayRepository } from './rain-day.repository.ts';
import { rainDays } from './rain-day.ts';
import { scheduleToolsRoutes } from './schedule-tools.routes.ts';

/**
 * The crew day's route and the rain day: bulk moves of visits that ask the booking rules and tell
 * each customer through the one sender and the outbox.
 */
export function scheduleToolsFeature(deps: {
  db: Db;
  config: Pick<Config, 'timeZone' | 'business' | 'providers'>;
  appointments: Pick<AppointmentRepository, 'scheduledOnDay' | 'moveToSlot' | 'get'>;
  rules: Pick<AppointmentRules, 'today' | 'timeHasPassed' | 'openTimes' | 'isOpen'>;
  crews: Pick<CrewRepository, 'get' | 'active'>;
  /** The one text sender (null without Twilio): asked whether each customer can be texted. */
  texting: Pick<BusinessTexts, 'check'> | null;
  texts: Pick<TextsFeature, 'outbox' | 'texts'>;
  events: EventBus;
  /** The customers' languages (app.ts passes the customer records; alone, everyone reads English). */
  languages?: Pick<CustomerLanguages, 'languageOf'>;
  /** Our public address: each move's text links the customer's own page there. */
  publicUrl: () => string;
  clock?: Clock;
}) {
  const { config } = deps;
  const languages = deps.languages ?? ENGLISH_ONLY;
  const languageOf = (v: { customerPhone: string; customerEmail?: string | null }) =>
    languages.languageOf({ phone: v.customerPhone, email: v.customerEmail });
  const clock = deps.clock ?? Date.now;
  const business = {
    name: config.business.name,
    phone: config.business.phone,
    timeZone: config.timeZone,
    publicUrl: deps.publicUrl,
  };
  const base = config.business.serviceBaseLocation
    ? serviceAreaConfigFrom({
        serviceArea: config.business.serviceArea,
        baseLocation: config.business.serviceBaseLocation,
      }).base
    : undefined;
  const geocoder = config.providers.geocoder ? censusGeocoder(config.providers.geocoder.baseUrl) : null;
  const shared = { db: deps.db, appointments: deps.appointments, crews: deps.crews, rules: deps.rules };
  const routes = dayRoutes({
    ...shared,
    places: placeRepository(deps.db),
    geocoder,
    base: base ? { lat: base.lat, lon: base.lon } : null,
    texting: deps.texting,
    texts: deps.texts.texts,
    business,
    languageOf,
    clock,
  });
  const rain = rainDays({
    ...shared,
    record: rainDayRepository(deps.db),
    outbox: deps.texts.outbox.repository,
    texting: deps.texting,
    texts: deps.texts.texts,
    business,
    languageOf,
    clock,
  });
  return {
    router: scheduleToolsRoutes({
      routes,
      rainDays: rain,
      appointments: deps.appointments,
      events: deps.events,
    }),
  };
}
