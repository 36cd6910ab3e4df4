import type { TurnCase } from '../eval-case.ts';

// Issue 34 on Messenger: the same needs, typed. Staff answer in the conversation (no call back is
// promised there); a family member to ask or "is this a bot?" is answered and nothing more.
const m = (id: string, says: string, expect: TurnCase['expect']): TurnCase => ({
  id: `messenger-needs-${id}`,
  group: 'messenger',
  channel: 'messenger',
  says,
  expect,
});

export const MESSENGER_NEEDS_CASES: readonly TurnCase[] = [
  m('water', 'since u cleaned the gutters theres water coming in the kitchen ceiling!!', {
    intent: 'handoff',
    action: 'handoff',
    must: [/right away/i, /reply to you here/i],
  }),
  m('complaint', 'not happy with the job honestly, streaks everywhere', {
    intent: 'handoff',
    action: 'handoff',
    must: [/sorry/i, /reply to you here/i],
  }),
  m('bot', 'is this a bot?', { must: [/virtual assistant|automated/i], mustNot: [/reply to you here/i] }),
  m('wife', 'gotta talk to my wife first', { must: [/take your time/i], mustNot: [/reply to you here/i] }),
];
