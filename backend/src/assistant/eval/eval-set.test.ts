import { describe, expect, it } from 'vitest';
import { DIALOGUES, TURN_CASES } from './cases/index.ts';
import { EVAL_GROUPS } from './eval-case.ts';
import { judge, type Reply } from './eval-checks.ts';
import { toolDisagreements } from './tool-agreement.ts';

// The evaluation set itself (it is played by `npm run eval:assistant`, not here): its size and
// groups, the judge that scores it, and the tools' answers on its callers' own words.

describe('the evaluation set', () => {
  it('has at least 150 caller turns and 30 multi-turn dialogues, in every group, with unique ids', () => {
    expect(TURN_CASES.length).toBeGreaterThanOrEqual(150);
    expect(DIALOGUES.filter((d) => d.turns.length > 1).length).toBeGreaterThanOrEqual(30);
    for (const group of EVAL_GROUPS)
      expect([...TURN_CASES, ...DIALOGUES].filter((c) => c.group === group).length, group).toBeGreaterThan(0);
    const ids = [...TURN_CASES, ...DIALOGUES].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(TURN_CASES.filter((c) => c.channel === 'messenger').every((c) => c.group === 'messenger')).toBe(
      true,
    );
  });

  it("the service-area and price tools give each case's expected result on the caller's words", () => {
    const { checked, list } = toolDisagreements();
    expect(checked).toBeGreaterThanOrEqual(70);
    expect(list).toEqual([]);
  });
});

describe('judge', () => {
  const context = { knownDollars: new Set([150, 0.4, 0.65]), saidSoFar: 'Do you come out to Willits?' };
  const reply = (text: string, extra: Partial<Reply> = {}): Reply => ({
    text,
    intent: 'service_area',
    handedOff: false,
    logged: text,
    ...extra,
  });
  const willits = {
    intent: 'service_area',
    area: { kind: 'in-area', town: 'Willits', county: 'Mendocino' },
  } as const;

  it('passes a reply that says what the tool found', () => {
    expect(
      judge(willits, reply('Yes, Willits is in Mendocino County, in our service area.'), context),
    ).toEqual([]);
  });

  it("fails the issue's reply: another town, not the caller's", () => {
    expect(
      judge(willits, reply('Good question! Yes, Shelter Cove is in our regular service area.'), context),
    ).toEqual(['does not name Willits', 'names a town the caller did not: Shelter Cove']);
  });

  it('fails an invented price and a missing engine total', () => {
    const expectation = { price: { kind: 'priced', low: 1056, high: 1716 } } as const;
    expect(judge(expectation, reply('That would be about $1,056 - $1,716.'), context)).toEqual([]);
    expect(
      judge(expectation, reply('Houses run $0.40 to $0.65 a square foot, so about $1,200.'), context),
    ).toEqual(["missing the engine's $1,056", "missing the engine's $1,716", 'invented figure $1,200']);
  });

  it('fails a log that records words the customer never got, and a wrong intent', () => {
    expect(
      judge(
        { intent: 'handoff', action: 'handoff' },
        reply("I can't put you through right now, someone will call you back.", {
          intent: 'other',
          handedOff: true,
          logged: 'Of course! Let me get you to someone from the office.',
        }),
        context,
      ),
    ).toEqual([
      'intent other, expected handoff',
      'the log records words the customer never got: "Of course! Let me get you to someone from the office."',
    ]);
  });

  it('fails an English reply to a Spanish caller and a priced deck', () => {
    expect(judge({ spanish: true }, reply("I don't have that information."), context)).toEqual([
      'not answered in Spanish',
    ]);
    expect(judge({ spanish: true }, reply('Alguien de la oficina le llamará.'), context)).toEqual([]);
    expect(
      judge(
        { price: { kind: 'not-on-price-list' } },
        reply('Most houses run $0.40 to $0.65 per square foot.'),
        context,
      ),
    ).toEqual(['prices a surface the price list has no rate for']);
  });
});
