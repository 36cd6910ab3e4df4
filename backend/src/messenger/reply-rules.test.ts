import { describe, expect, it } from 'vitest';
import { HUMAN_AGENT_WINDOW_MS, STANDARD_WINDOW_MS, TAKEOVER_MS } from '@washdesk/contract';
import {
  aiVerdictAt,
  conversationAt,
  handlerAt,
  replyWindowAt,
  type MessengerLine,
  type StoredConversation,
} from './reply-rules.ts';

// Messenger's facts under the one rule of "may the AI answer" (assistant/may-answer.ts), condition
// by condition: the verdict now, and the contract's `aiReplies` (whether the NEXT message is answered).
const NOW = Date.parse('2026-11-25T18:00:00Z');
const ON: MessengerLine = { receiving: true, sending: true, autoReply: true };
const OPEN: StoredConversation = {
  id: 7,
  facebookUserId: '24680',
  firstName: 'Maya',
  lastName: null,
  profilePic: null,
  status: 'active',
  lastMessageAt: new Date(NOW - 60_000).toISOString(),
  lastMessageText: 'Hi',
  createdAt: new Date(NOW - 60_000).toISOString(),
  lastCustomerMessageMs: NOW - 60_000,
  takenOverBy: null,
  takenOverMs: null,
};
const verdict = (c: StoredConversation, line: MessengerLine) => aiVerdictAt(c, NOW, line);
const answersNext = (c: StoredConversation, line: MessengerLine) => conversationAt(c, NOW, line).aiReplies;

describe('may the AI answer a Messenger conversation', () => {
  it('yes: the line receives and sends, auto-reply is on, nobody took over, within 24 hours', () => {
    expect(verdict(OPEN, ON)).toEqual({ may: true });
    expect(answersNext(OPEN, ON)).toBe(true);
  });

  it('no while Meta cannot bring messages in (no app secret)', () => {
    const line = { ...ON, receiving: false };
    expect(verdict(OPEN, line)).toEqual({ may: false, reason: 'not-receiving' });
    expect(answersNext(OPEN, line)).toBe(false);
  });

  it('no while a reply cannot be sent (no page token)', () => {
    const line = { ...ON, sending: false };
    expect(verdict(OPEN, line)).toEqual({ may: false, reason: 'not-connected' });
    expect(answersNext(OPEN, line)).toBe(false);
  });

  it('no while Messenger auto-reply is off in Settings', () => {
    const line = { ...ON, autoReply: false };
    expect(verdict(OPEN, line)).toEqual({ may: false, reason: 'auto-reply-off' });
    expect(answersNext(OPEN, line)).toBe(false);
  });

  it('no while a staff member handles the conversation', () => {
    const taken = { ...OPEN, takenOverBy: 'Dana', takenOverMs: NOW - 30_000 };
    expect(verdict(taken, ON)).toEqual({ may: false, reason: 'staff-handling' });
    expect(answersNext(taken, ON)).toBe(false);
  });

  it("not now once Meta's 24 hours have passed; the customer's next message opens them again", () => {
    for (const lastCustomerMessageMs of [NOW - STANDARD_WINDOW_MS, NOW - HUMAN_AGENT_WINDOW_MS, null]) {
      const late = { ...OPEN, lastCustomerMessageMs };
      expect(verdict(late, ON)).toEqual({ may: false, reason: 'window-passed' });
      expect(answersNext(late, ON)).toBe(true);
    }
  });
});

describe("Meta's windows and a staff takeover", () => {
  it("standard for 24 hours from the customer's last message, then HUMAN_AGENT to 7 days, then closed", () => {
    const wrote = NOW - 1;
    expect(replyWindowAt(wrote, NOW)).toEqual({ window: 'standard', endsAt: wrote + STANDARD_WINDOW_MS });
    expect(replyWindowAt(NOW - STANDARD_WINDOW_MS, NOW)).toEqual({
      window: 'human-agent',
      endsAt: NOW - STANDARD_WINDOW_MS + HUMAN_AGENT_WINDOW_MS,
    });
    expect(replyWindowAt(NOW - HUMAN_AGENT_WINDOW_MS, NOW)).toEqual({ window: 'closed', endsAt: null });
    expect(replyWindowAt(null, NOW)).toEqual({ window: 'closed', endsAt: null });
  });

  it("a takeover lasts 24 hours from the staff member's last message", () => {
    expect(handlerAt({ takenOverBy: 'Dana', takenOverMs: NOW - TAKEOVER_MS + 1 }, NOW)).toBe('Dana');
    expect(handlerAt({ takenOverBy: 'Dana', takenOverMs: NOW - TAKEOVER_MS }, NOW)).toBeNull();
    expect(handlerAt({ takenOverBy: null, takenOverMs: null }, NOW)).toBeNull();
  });

  it('a stored conversation is judged at a moment: window, handler and whether the AI answers next', () => {
    const stored: StoredConversation = {
      id: 7,
      facebookUserId: '24680',
      firstName: 'Maya',
      lastName: null,
      profilePic: null,
      status: 'active',
      lastMessageAt: new Date(NOW - 60_000).toISOString(),
      lastMessageText: 'Hi',
      createdAt: new Date(NOW - 60_000).toISOString(),
      lastCustomerMessageMs: NOW - 60_000,
      takenOverBy: 'Dana',
      takenOverMs: NOW - 30_000,
    };
    expect(conversationAt(stored, NOW, ON)).toMatchObject({
      handledBy: 'Dana',
      aiReplies: false,
      replyWindow: 'standard',
      replyWindowEndsAt: new Date(NOW - 60_000 + STANDARD_WINDOW_MS).toISOString(),
    });
    const dayLater = NOW + TAKEOVER_MS;
    expect(conversationAt(stored, dayLater, ON)).toMatchObject({
      handledBy: null,
      aiReplies: true,
      replyWindow: 'human-agent',
    });
  });
});
