import { formatDollars } from '@washdesk/contract';
import { promisesCallBack } from '../call-back-tasks.ts';
import { placesNamedIn } from '../tools/place-names.ts';
import { PLACES } from '../tools/service-area.ts';
import type { TurnExpectation } from './eval-case.ts';

// Judging one reply against its expectation. Besides what each case says, two rules hold for every
// reply: no dollar figure the facts did not give (an invented price), and no town the caller did
// not name (a wrong town). Each failure is a sentence a person can act on.

export interface Reply {
  /** What the customer heard or read. */
  text: string;
  /** The intent the AI response log recorded for the turn. */
  intent?: string;
  /** The channel put the caller through or promised a call back. */
  handedOff: boolean;
  /** The reply the AI response log recorded for the turn (issue 23: the log is the truth). */
  logged?: string;
  /** The phone: the call's call-back task after the turn (null: none); undefined where no call exists. */
  callBack?: { reason: string | null; urgent: boolean } | null;
}

export interface Context {
  /** Dollar figures the facts contain (price list, Common Responses, FAQ answers). */
  knownDollars: ReadonlySet<number>;
  /** Everything the customer said so far in this conversation. */
  saidSoFar: string;
}

const has = (text: string, want: string | RegExp) =>
  typeof want === 'string' ? text.toLowerCase().includes(want.toLowerCase()) : want.test(text);
const shown = (want: string | RegExp) => (typeof want === 'string' ? JSON.stringify(want) : String(want));

export const dollarsIn = (text: string) =>
  [...text.matchAll(/\$\s?(\d[\d,]*(?:\.\d{1,2})?)/g)].map((m) => Number(m[1]!.replace(/,/g, '')));

/** Spanish, roughly: a few of its most common words, which English replies do not use. */
const SPANISH =
  /\b(usted|llamar[áa]?|oficina|gracias|hola|para|su casa|puedo|alguien|le|lo siento|precio)\b/i;
/** County names are also towns (Mendocino, Shasta…); naming a county is not naming a town. */
const COUNTY_NAMES = new Set(PLACES.map((p) => p.county));

export function judge(expect: TurnExpectation, reply: Reply, context: Context): string[] {
  const failures: string[] = [];
  const text = reply.text;
  const intents: readonly string[] = expect.intent === undefined ? [] : [expect.intent].flat();
  if (intents.length && !intents.includes(reply.intent ?? ''))
    failures.push(`intent ${reply.intent ?? '(none logged)'}, expected ${intents.join(' or ')}`);
  for (const want of expect.must ?? []) if (!has(text, want)) failures.push(`missing ${shown(want)}`);
  for (const banned of expect.mustNot ?? []) if (has(text, banned)) failures.push(`says ${shown(banned)}`);
  if (expect.action === 'handoff' && !reply.handedOff)
    failures.push('not put through and no call back promised');
  if (expect.spanish && !SPANISH.test(text)) failures.push('not answered in Spanish');
  if (reply.callBack !== undefined) {
    const task = reply.callBack;
    if (promisesCallBack(text) && !task) failures.push('promised a call back and filed no task');
    if (expect.callBack === false && task)
      failures.push(`left a call-back task: ${task.reason ?? '(no reason)'}`);
    if (expect.callBack && !task) failures.push('no call-back task');
    if (typeof expect.callBack === 'object' && task) {
      if (expect.callBack.urgent !== undefined && task.urgent !== expect.callBack.urgent)
        failures.push(`call-back task ${task.urgent ? 'urgent' : 'not urgent'}`);
      if (expect.callBack.reason && !expect.callBack.reason.test(task.reason ?? ''))
        failures.push(`call-back reason "${task.reason}" does not match ${String(expect.callBack.reason)}`);
    }
  }
  if (reply.logged === undefined) failures.push('no AI response logged for the turn');
  else if (!text.includes(reply.logged))
    failures.push(`the log records words the customer never got: "${reply.logged}"`);

  const area = expect.area;
  if (area?.kind === 'in-area' || area?.kind === 'outside') {
    if (!has(text, area.town)) failures.push(`does not name ${area.town}`);
    const saysOutside = /outside|don'?t (serve|cover|go|come)|do not (serve|cover|go|come)|not in our/i.test(
      text,
    );
    if (area.kind === 'in-area' && saysOutside) failures.push(`calls ${area.town} outside the area`);
    if (area.kind === 'outside' && (!saysOutside || !has(text, area.county)))
      failures.push(`does not say ${area.town} is outside, in ${area.county} County`);
  }
  if (area?.kind === 'county' && !has(text, area.county))
    failures.push(`does not name ${area.county} County`);
  if (area?.kind === 'unknown' && !/office|confirm|check/i.test(text))
    failures.push('does not pass an unknown place to the office');

  const price = expect.price;
  const allowed = new Set(context.knownDollars);
  if (price?.kind === 'priced') {
    for (const figure of [price.low, price.high]) {
      allowed.add(figure);
      if (!text.includes(formatDollars(figure)))
        failures.push(`missing the engine's ${formatDollars(figure)}`);
    }
  }
  if (price?.kind === 'needs') {
    const asks = {
      surface: /what .*clean|which/i,
      size: /square feet|how (big|large)|size/i,
      stories: /stor(y|ies)/i,
      'concrete-size': /square feet|how (big|large)|size/i,
    }[price.asks];
    if (!asks.test(text)) failures.push(`does not ask for the ${price.asks}`);
  }
  // A deck or a fence has no rate: a per-square-foot or house figure would be another surface's.
  if (price?.kind === 'not-on-price-list' && dollarsIn(text).some((d) => d !== 150))
    failures.push('prices a surface the price list has no rate for');
  const invented = dollarsIn(text).filter((d) => !allowed.has(d));
  if (invented.length) failures.push(`invented figure ${invented.map(formatDollars).join(', ')}`);

  const named = new Set(placesNamedIn(context.saidSoFar, PLACES).map((p) => p.name));
  if (area && 'town' in area) named.add(area.town);
  const wrong = placesNamedIn(text, PLACES).filter((p) => !named.has(p.name) && !COUNTY_NAMES.has(p.name));
  if (wrong.length) failures.push(`names a town the caller did not: ${wrong.map((p) => p.name).join(', ')}`);
  return failures;
}
