import * as chrono from 'chrono-node';
import {
  appointmentServiceLabel,
  formatPhoneNumber,
  type AppointmentServiceType,
  type PreferredTime,
} from '@washdesk/contract';
import { wallClockParts } from '../time.ts';
import { bareHour, dayOfMonth } from './tools/spoken-when.ts';

// Booking a free estimate by filling slots across turns: whatever the customer says is searched for
// a name, a service, an address and a day and time; what is still missing is asked for, one at a
// time; the whole booking is read back and only a "yes" books it.

export interface BookingSlots {
  name?: string;
  serviceType?: AppointmentServiceType;
  address?: string;
  /** `YYYY-MM-DD` in the business's time zone. */
  date?: string;
  time?: PreferredTime;
  /** Only asked for where the channel has no caller id (Messenger). */
  phone?: string;
  /** "You can also reach me at…": a second number, kept with the booking's notes. */
  otherPhone?: string;
}
export type Slot = Exclude<keyof BookingSlots, 'otherPhone'>;

export interface BookingState {
  slots: BookingSlots;
  stage: 'collecting' | 'confirming';
  /** The slot the last reply asked for: a bare answer ("Dana", "512 Redwood Drive") fills it. */
  asking?: Slot;
}

export interface Extracted {
  slots: BookingSlots;
  /** Said but not bookable: a past day, a time outside 8 AM–4 PM. Read to the customer. */
  problems: string[];
}

const SERVICE_WORDS: [RegExp, AppointmentServiceType][] = [
  [/\b(house|home|siding|exterior|soft ?wash)/i, 'house-wash'],
  [/\b(roof|moss|shingle)/i, 'roof-cleaning'],
  [/\bdriveway/i, 'driveway-cleaning'],
  [/\b(concrete|patio|walkway|sidewalk|pavers?)/i, 'concrete-cleaning'],
  [/\bdeck/i, 'deck-cleaning'],
  [/\bfence/i, 'fence-cleaning'],
  [/\bgutter/i, 'gutter-cleaning'],
  [/\bwindow/i, 'window-washing'],
];

const STREET =
  'street|st|road|rd|drive|dr|avenue|ave|lane|ln|way|court|ct|boulevard|blvd|place|pl|highway|hwy|circle|cir|trail|loop|terrace|ridge|parkway|pkwy|route';
const STREET_ADDRESS = new RegExp(
  `\\b\\d{1,6}[a-z]?\\s+(?:[nsew]\\.?\\s+)?(?:[a-z0-9'.-]+\\s+){0,4}?(?:${STREET})\\b\\.?`,
  'i',
);
// The town after the street: capitalised words, but not "Tuesday" or "December" starting the date.
const TOWN = /^,?\s+(?:in\s+)?((?:[A-Z][a-z]+)(?:\s+[A-Z][a-z]+){0,2})/;
const NOT_TOWN =
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Next|This|Tomorrow|Today|On|At)$/;

function findAddress(text: string): string | undefined {
  const street = STREET_ADDRESS.exec(text);
  if (!street) return undefined;
  const after = TOWN.exec(text.slice(street.index + street[0].length));
  const town = after?.[1]
    ?.split(/\s+/)
    .filter((word, i, words) => !words.slice(0, i + 1).some((w) => NOT_TOWN.test(w)))
    .join(' ');
  return town ? `${street[0]}${after![0].slice(0, after![0].indexOf(after![1]!))}${town}` : street[0];
}
const PHONE = /(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/g;
/** "You can also reach me at", "my other number is", "my cell is": a second number, not the one to book with. */
const OTHER_NUMBER = /\b(also|other|another|second|alternate|alternative|backup|or)\b[^.?!\d]{0,30}$/i;
// Letters of any alphabet: "Rosa Díaz", "Zoë Núñez".
const NAME_WORD = "\\p{Lu}[\\p{Ll}'’-]+";
const NAME_INTRO = new RegExp(
  // Case matters for the name only: "this is Dana" and "This is Dana" both introduce one;
  // "name's Dana Whitfield", "it's Maria Ortiz speaking", "me llamo Rosa Díaz" too.
  `(?<![\\p{L}])(?:[Mm]y name is|[Mm]y name's|[Nn]ame is|[Nn]ame's|[Nn]ame’s|[Tt]his is|I am|I'm|[Ii]t's|[Ii]t is|[Mm]e llamo|[Mm]i nombre es|[Ss]oy)\\s+(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})`,
  'u',
);
const NAME_BEFORE_ADDRESS = new RegExp(
  `(?:^|[.!?]\\s+|,\\s*)(${NAME_WORD}(?:\\s+${NAME_WORD}){1,2}),?\\s*$`,
  'u',
);
/** "Book a driveway estimate for Ann Chu at 18 Ridge Road": a whole name after "for". */
const NAME_AFTER_FOR = new RegExp(
  `\\bfor\\s+(${NAME_WORD}\\s+${NAME_WORD})(?=\\s*(?:,|\\bat\\b|\\bon\\b|$))`,
  'u',
);
/** Said after a name, not part of it: "Maria Ortiz Speaking", "Dana Here". */
const AFTER_NAME = /\s+(Speaking|Here|Calling)$/;
/**
 * A surname spelled out: "W-H-I-T-F-I-E-L-D", "K O W A L S K I", "that's W. H. I. T…". Three or
 * more single letters in a row (a word of speech never is), with its lead-in words.
 */
const SPELLED =
  /,?\s*(?:(?:that'?s|that is|spelled|spelt|it'?s|last name)\s+)*(?<![\p{L}])(\p{L}(?:[ .-]{1,2}\p{L}(?![\p{L}])){2,})\.?/iu;
/** Words in a short answer that make it a question or a reply, not a name ("are you insured", "go ahead"). */
const NOT_A_NAME =
  /\b(you|your|are|is|do|does|what|how|why|when|where|can|the|yes|no|go|ahead|ok|okay|sure|please|thanks|not|never|mind)\b/i;
const NOT_NAMES = new Set(['Looking', 'Calling', 'Interested', 'Wondering', 'Trying', 'Just', 'Not', 'Sure']);

const pad = (n: number) => String(n).padStart(2, '0');
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** The business's wall clock now: the calendar date and hour there. */
export function businessNow(instant: number, timeZone: string) {
  const w = wallClockParts(instant, timeZone);
  return {
    date: `${w.year}-${pad(w.month)}-${pad(w.day)}`,
    hour: w.hour,
    minute: w.minute,
    // chrono reads "next Tuesday" against a Date's own fields: one whose fields are the business's
    // wall clock makes the answer the business's, whatever the server's time zone.
    asLocalDate: new Date(w.year, w.month - 1, w.day, w.hour, w.minute),
  };
}

const timeLabel = (hour: number) =>
  `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'}` as PreferredTime;
const FIRST_HOUR = 8;
const LAST_HOUR = 16;

/** "Tuesday — no, Wednesday", "Thursday, actually make it Tuesday": the word that takes back what came before. */
const TAKEN_BACK =
  /\b(no|nope|actually|make it|make that|i mean|sorry|rather|wait|instead|scratch that)\b|[—–]/i;

/** The days and times said, with any taken back in the same breath left out (the later one stands). */
function corrected(results: chrono.ParsedResult[], text: string): chrono.ParsedResult[] {
  const kept: chrono.ParsedResult[] = [];
  for (const result of results) {
    const previous = kept.at(-1);
    const between = previous ? text.slice(previous.index + previous.text.length, result.index) : '';
    if (previous && TAKEN_BACK.test(between)) kept.pop();
    kept.push(result);
  }
  return kept;
}

function extractWhen(text: string, now: ReturnType<typeof businessNow>, asking?: Slot): Extracted {
  const slots: BookingSlots = {};
  const problems: string[] = [];
  for (const result of corrected(chrono.parse(text, now.asLocalDate, { forwardDate: true }), text)) {
    const start = result.start;
    const dayGiven = start.isCertain('day') || start.isCertain('weekday');
    if (dayGiven && !slots.date) {
      const date = `${start.get('year')}-${pad(start.get('month')!)}-${pad(start.get('day')!)}`;
      // "November 20th" said on the 23rd: chrono moves it to next year; the caller meant the past day.
      const thisYear = `${now.date.slice(0, 4)}${date.slice(4)}`;
      const lately =
        !start.isCertain('year') &&
        date > now.date &&
        thisYear < now.date &&
        daysBetween(thisYear, now.date) <= 60;
      if (date < now.date || lately) problems.push('That day has already passed.');
      else slots.date = date;
    }
    if (start.isCertain('hour') && !slots.time) {
      let hour = start.get('hour')!;
      // "at 2" on a business line means 2 in the afternoon, not the middle of the night.
      if (!start.isCertain('meridiem') && hour >= 1 && hour <= 7) hour += 12;
      if ((start.get('minute') ?? 0) !== 0 || hour < FIRST_HOUR || hour > LAST_HOUR)
        problems.push('We book estimates on the hour, from 8 AM to 4 PM.');
      else slots.time = timeLabel(hour);
    }
  }
  // What chrono leaves out: "the 8th", and a bare hour answering the question ("11 works").
  if (!slots.date && problems.length === 0) {
    const day = dayOfMonth(text, now.date);
    if (day) slots.date = day;
  }
  const short = text.trim().split(/\s+/).length <= 4;
  const hour = !slots.time && problems.length === 0 ? bareHour(text) : undefined;
  if (hour && (asking === 'time' || asking === 'date' || short || /\b(at|around|about)\s/i.test(text))) {
    if (!hour.onTheHour || hour.hour < FIRST_HOUR || hour.hour > LAST_HOUR)
      problems.push('We book estimates on the hour, from 8 AM to 4 PM.');
    else slots.time = timeLabel(hour.hour);
  }
  return { slots, problems };
}

const trimClause = (text: string) =>
  text
    .trim()
    .replace(/^(it'?s|it is|that'?s|that is|the address is|address is|at|um|uh)\s+/i, '')
    .replace(/[.!?,]+$/, '')
    .trim();

/** The spelled letters as the surname: the last word of a whole name, added to a first name alone. */
function withSpelledSurname(name: string, letters: string): string {
  const surname = letters.replace(/[^\p{L}]/gu, '').toLowerCase();
  const word = surname.charAt(0).toUpperCase() + surname.slice(1);
  const words = name.split(/\s+/);
  return words.length > 1 ? [...words.slice(0, -1), word].join(' ') : `${name} ${word}`;
}

/** Everything bookable in one thing the customer said; `asking` lets a bare answer fill that slot. */
export function extractSlots(
  message: string,
  asking: Slot | undefined,
  now: ReturnType<typeof businessNow>,
): Extracted {
  const slots: BookingSlots = {};
  let rest = message;

  const address = findAddress(rest);
  // "…please. Nell Ford, 9 Ocean View Road": a name said just before the address.
  const before = address ? NAME_BEFORE_ADDRESS.exec(rest.slice(0, rest.indexOf(address)))?.[1] : undefined;
  if (address) {
    slots.address = address
      .replace(/,?\s+in\s+/i, ', ')
      .replace(/\s+/g, ' ')
      .trim();
    rest = rest.replace(address, ' ');
  }
  for (const match of [...rest.matchAll(PHONE)]) {
    const number = match[0].trim();
    // "…and you can also reach me at 707-555-0142": a second number; the first said is the one to book with.
    const other = OTHER_NUMBER.test(rest.slice(Math.max(0, match.index - 40), match.index));
    if (other && !slots.otherPhone) slots.otherPhone = formatPhoneNumber(number);
    else if (!slots.phone) slots.phone = number;
  }
  rest = rest.replace(PHONE, ' ');
  const spelled = SPELLED.exec(rest);
  if (spelled) rest = rest.replace(spelled[0], ' ');
  const introduced = (NAME_INTRO.exec(rest) ?? NAME_AFTER_FOR.exec(rest))?.[1]?.replace(AFTER_NAME, '');
  const named =
    (introduced && !introduced.split(/\s+/).some((w) => NOT_TOWN.test(w)) ? introduced : undefined) ??
    (before && !before.split(/\s+/).some((w) => NOT_TOWN.test(w)) ? before : undefined);
  if (named && !NOT_NAMES.has(named.split(/\s+/)[0]!)) {
    slots.name = named;
    // "I'm Ivy Moss": the name's words are not a service (moss) or a day.
    rest = rest.replace(named, ' ');
  }

  const services = new Set(SERVICE_WORDS.filter(([pattern]) => pattern.test(rest)).map(([, type]) => type));
  if (services.size === 1) slots.serviceType = [...services][0];
  else if (services.size > 1) slots.serviceType = 'multiple-services';

  const when = extractWhen(rest, now, asking);
  Object.assign(slots, when.slots);

  // A bare answer to the question just asked: "Dana Whitfield", "PO Box 12, Redway".
  const bare = trimClause(rest);
  if (
    asking === 'name' &&
    !slots.name &&
    /^[\p{L}'’ -]{2,60}$/u.test(bare) &&
    bare.split(/\s+/).length <= 4 &&
    !/\?\s*$/.test(message) &&
    !NOT_A_NAME.test(bare)
  )
    slots.name = bare.replace(/(^|\s)(\p{Ll})/gu, (_m, space: string, c: string) => space + c.toUpperCase());
  // The spelling wins over what speech recognition heard: "Dana Witfield, W-H-I-T-F-I-E-L-D".
  if (spelled && slots.name) slots.name = withSpelledSurname(slots.name, spelled[1]!);
  if (asking === 'address' && !slots.address && bare.length >= 5 && /\d/.test(bare)) slots.address = bare;
  return { slots, problems: when.problems };
}

/** The service a sentence names ("how much to wash a two story house?"), for a booking that follows it. */
export function serviceNamedIn(text: string): AppointmentServiceType | undefined {
  const services = new Set(SERVICE_WORDS.filter(([pattern]) => pattern.test(text)).map(([, type]) => type));
  return services.size === 1 ? [...services][0] : services.size > 1 ? 'multiple-services' : undefined;
}

const QUESTIONS: Record<Slot, string> = {
  name: 'May I have your name?',
  serviceType:
    'Which service is the estimate for: a house wash, roof cleaning, driveway or concrete cleaning, a deck, fence, gutters or windows?',
  address: 'What is the address of the property?',
  date: 'What day would you like us to come out?',
  time: 'What time suits you? We come on the hour between 8 AM and 4 PM.',
  phone: 'What phone number can we reach you on?',
};
const ORDER: Slot[] = ['name', 'serviceType', 'address', 'date', 'time', 'phone'];

/** The first slot still empty, or undefined when the booking can be read back. */
export function missingSlot(slots: BookingSlots, needsPhone: boolean): Slot | undefined {
  return ORDER.find((slot) => (slot !== 'phone' || needsPhone) && !slots[slot]);
}
export const questionFor = (slot: Slot) => QUESTIONS[slot];

/** "Tuesday, December 1" for a calendar date. */
export const spokenDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

export function readBack(slots: BookingSlots): string {
  const service =
    slots.serviceType === 'multiple-services'
      ? 'several services'
      : appointmentServiceLabel(slots.serviceType!);
  const other = slots.otherPhone ? `, and we can also reach you at ${slots.otherPhone}` : '';
  return `Let me read that back: a free estimate for ${service} at ${slots.address}, on ${spokenDate(slots.date!)} at ${slots.time}, for ${slots.name}${other}. Shall I book it?`;
}
