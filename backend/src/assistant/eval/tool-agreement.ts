import { jobDetailsOf } from '../tools/job-details.ts';
import { priceOfJob } from '../tools/job-price.ts';
import { serviceAreaConfigFrom, serviceAreaOf } from '../tools/service-area.ts';
import type { AreaExpectation, PriceExpectation, TurnExpectation } from './eval-case.ts';
import { DIALOGUES, TURN_CASES } from './cases/index.ts';

// Do the deterministic tools give, on the caller's own words, the result each case expects? Only
// turns that stand alone are checked (a dialogue's later turns lean on what was said before).

const DEFAULT_AREA = serviceAreaConfigFrom({
  serviceArea: 'Mendocino, Humboldt and Trinity counties, especially Southern Humboldt',
});

function areaResult(said: string): AreaExpectation {
  const answer = serviceAreaOf(said, DEFAULT_AREA);
  if (answer.kind === 'in-area' || answer.kind === 'outside')
    return { kind: answer.kind, town: answer.place.name, county: answer.place.county };
  if (answer.kind === 'county') return { kind: 'county', county: answer.county, served: answer.served };
  return { kind: 'unknown' };
}

function priceResult(said: string): PriceExpectation {
  const price = priceOfJob(jobDetailsOf(said));
  if (price.kind === 'priced') return { kind: 'priced', low: price.range.low, high: price.range.high };
  if (price.kind === 'needs') return { kind: 'needs', asks: price.missing[0]! };
  return { kind: 'not-on-price-list' };
}

export function toolDisagreements() {
  const standalone: { id: string; says: string; expect: TurnExpectation }[] = [
    ...TURN_CASES,
    ...DIALOGUES.map((d) => ({ id: d.id, ...d.turns[0]! })),
  ];
  const list: string[] = [];
  let checked = 0;
  for (const c of standalone) {
    for (const [expected, actual] of [
      [c.expect.area, c.expect.area && areaResult(c.says)],
      [c.expect.price, c.expect.price && priceResult(c.says)],
    ] as const) {
      if (!expected) continue;
      checked += 1;
      if (JSON.stringify(actual) !== JSON.stringify(expected))
        list.push(`${c.id} "${c.says}": expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
    }
  }
  return { checked, list };
}
