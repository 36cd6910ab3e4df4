import { describe, expect, it } from 'vitest';
import { HUMAN_AGENT_WINDOW_MS, STANDARD_WINDOW_MS, TAKEOVER_MS } from '@washdesk/contract';
import {
  aiAnswersNextMessage,
  aiMayAnswerNow,
  aiSilenceOf,
  conversationAt,
  handlerAt,
  replyWindowAt,
  type MessengerLine,
  type StoredConversation,
} from './reply-rules.ts';

// The one rule of who may answer a Messenger conversation, condition by condition.
const NOW = Date.parse('2026-11-25T18:00:00Z');
const ON: MessengerLine = { receiving: true, sending: true, autoReply: true };
const OPEN = { handledBy: null, replyWindow: 'standard' as const };

describe('may the AI answer a Messenger conversation', () => {
  it('yes: the line receives and sends, auto-reply is on, nobody took over, within 24 hours', () => {
    expect(aiSilenceOf(OPEN, ON)).toBeNull();
    expect(aiMayAnswerNow(OPEN, ON)).toBe(true);
    expect(aiAnswersNextMessage(OPEN, ON)).toBe(true);
  });

  it('no while Meta cannot bring messages in (no app secret)', () => {
    const line = { ...ON, receiving: false };
    expect(aiSilenceOf(OPEN, line)).toBe('not-receiving');
    expect(aiMayAnswerNow(OPEN, line)).toBe(false);
    expect(aiAnswersNextMessage(OPEN, line)).toBe(false);
  });

  it('no while a reply cannot be sent (no page token)', () => {
    const line = { ...ON, sending: false };
    expect(aiSilenceOf(OPEN, line)).toBe('not-connected');
    expect(aiAnswersNextMessage(OPEN, line)).toBe(false);
  });

  it('no while Messenger auto-reply is off in Settings', () => {
    const line = { ...ON, autoReply: false };
    expect(aiSilenceOf(OPEN, line)).toBe('auto-reply-off');
    expect(aiAnswersNextMessage(OPEN, line)).toBe(false);
  });

  it('no while a staff member handles the conversation', () => {
    const taken = { ...OPEN, handledBy: 'Dana' };
    expect(aiSilenceOf(taken, ON)).toBe('staff-handling');
    expect(aiAnswersNextMessage(taken, ON)).toBe(false);
  });

  it("not now once Meta's 24 hours have passed; the customer's next message opens them again", () => {
    for (const replyWindow of ['human-agent', 'closed'] as const) {
      const late = { handledBy: null, replyWindow };
      expect(aiSilenceOf(late, ON)).toBe('window-passed');
      expect(aiMayAnswerNow(late, ON)).toBe(false);
      expect(aiAnswersNextMessage(late, ON)).toBe(true);
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
