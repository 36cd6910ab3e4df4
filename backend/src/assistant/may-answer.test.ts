import { describe, expect, it } from 'vitest';
import { STANDARD_WINDOW_MS, TAKEOVER_MS } from '@washdesk/contract';
import {
  CHANNEL_RULES,
  WRITTEN_CHANNELS,
  mayAnswer,
  type ChannelRules,
  type ConversationFacts,
  type WrittenChannel,
} from './may-answer.ts';

// The one rule of "may the assistant answer now", every row of the channels' table: what both
// channels share, then each difference, shown on both sides (it holds on one, not on the other).
const NOW = Date.parse('2026-11-25T18:00:00Z');
const open = (channel: WrittenChannel): ConversationFacts => ({
  channel,
  now: NOW,
  receiving: true,
  sending: true,
  autoReply: true,
  takenOverAt: null,
  optedOut: false,
  lastSender: 'customer',
  lastCustomerMessageAt: NOW - 60_000,
});

describe('what every written channel shares', () => {
  it.each(WRITTEN_CHANNELS)('%s: answers a customer who just wrote, with the line up and auto-reply on', (c) => {
    expect(mayAnswer(open(c))).toEqual({ may: true });
  });

  it.each(WRITTEN_CHANNELS)('%s: quiet when the line cannot receive or send, or auto-reply is off', (c) => {
    expect(mayAnswer({ ...open(c), receiving: false })).toEqual({ may: false, reason: 'not-receiving' });
    expect(mayAnswer({ ...open(c), sending: false })).toEqual({ may: false, reason: 'not-connected' });
    expect(mayAnswer({ ...open(c), autoReply: false })).toEqual({ may: false, reason: 'auto-reply-off' });
  });

  it.each(WRITTEN_CHANNELS)('%s: quiet while a staff member has just taken over', (c) => {
    expect(mayAnswer({ ...open(c), takenOverAt: NOW - 1 })).toEqual({ may: false, reason: 'staff-handling' });
  });
});

describe("the channels' table, row by row", () => {
  it('take-over: a text thread stays with staff until released; Messenger answers again after 24 hours', () => {
    expect(CHANNEL_RULES.text.takeOverLastsMs).toBeNull();
    expect(CHANNEL_RULES.messenger.takeOverLastsMs).toBe(TAKEOVER_MS);
    const dayOld = NOW - TAKEOVER_MS;
    expect(mayAnswer({ ...open('text'), takenOverAt: dayOld - 365 * TAKEOVER_MS })).toEqual({
      may: false,
      reason: 'staff-handling',
    });
    expect(mayAnswer({ ...open('messenger'), takenOverAt: dayOld + 1 })).toEqual({
      may: false,
      reason: 'staff-handling',
    });
    expect(mayAnswer({ ...open('messenger'), takenOverAt: dayOld })).toEqual({ may: true });
  });

  it('STOP: a number that replied STOP gets no text; Messenger has no STOP', () => {
    expect(mayAnswer({ ...open('text'), optedOut: true })).toEqual({ may: false, reason: 'opted-out' });
    expect(mayAnswer({ ...open('messenger'), optedOut: true })).toEqual({ may: true });
  });

  it("staff's last message: quiets a text thread; on Messenger the take-over says it instead", () => {
    expect(mayAnswer({ ...open('text'), lastSender: 'staff' })).toEqual({ may: false, reason: 'staff-answered' });
    expect(mayAnswer({ ...open('messenger'), lastSender: 'staff' })).toEqual({ may: true });
  });

  it("provider's window: Meta's 24 hours bind Messenger; texts have none", () => {
    const late = { lastCustomerMessageAt: NOW - STANDARD_WINDOW_MS };
    expect(mayAnswer({ ...open('messenger'), ...late })).toEqual({ may: false, reason: 'window-passed' });
    expect(mayAnswer({ ...open('messenger'), lastCustomerMessageAt: NOW - STANDARD_WINDOW_MS + 1 })).toEqual({
      may: true,
    });
    expect(mayAnswer({ ...open('messenger'), lastCustomerMessageAt: null })).toEqual({
      may: false,
      reason: 'window-passed',
    });
    expect(mayAnswer({ ...open('text'), ...late })).toEqual({ may: true });
  });

  it('every written channel has a row, and nothing else has one', () => {
    expect(Object.keys(CHANNEL_RULES).sort()).toEqual([...WRITTEN_CHANNELS].sort());
  });
});

describe('a channel without a row', () => {
  it('does not compile, and is refused when it gets through anyway', () => {
    // @ts-expect-error the table must name every written channel (npm run typecheck checks this line)
    const missing: ChannelRules = { text: CHANNEL_RULES.text };
    expect(missing).not.toHaveProperty('messenger');
    // @ts-expect-error the phone is no written channel: it has no row
    expect(mayAnswer({ ...open('text'), channel: 'phone' })).toEqual({ may: false, reason: 'no-rule' });
    // Not a row inherited from Object either.
    expect(mayAnswer({ ...open('text'), channel: 'toString' as WrittenChannel })).toEqual({
      may: false,
      reason: 'no-rule',
    });
  });
});
