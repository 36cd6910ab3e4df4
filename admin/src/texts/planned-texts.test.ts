import { describe, expect, it } from 'vitest';
import type { TextMessage } from '@washdesk/contract';
import { plannedLabel, splitPlanned } from './planned-texts.ts';

const now = new Date(2026, 10, 28, 10, 0); // Saturday 28 November 2026, 10:00 AM (local)
const message = (id: number, plannedFor: Date | null): TextMessage => ({
  id,
  threadId: 1,
  direction: 'out',
  sender: 'automatic',
  staffName: null,
  body: `Text ${id}`,
  mediaCount: 0,
  photos: [],
  mediaRefused: 0,
  state: plannedFor ? 'pending' : 'sent',
  problem: null,
  createdAt: new Date(2026, 10, 27, 9, id).toISOString(),
  plannedFor: plannedFor?.toISOString() ?? null,
});

describe('texts planned for later', () => {
  it('says the day and time, with the date once it is more than a few days off', () => {
    expect(plannedLabel(new Date(2026, 11, 1, 9, 0).toISOString(), now)).toBe('Planned for Tue 9:00 AM');
    expect(plannedLabel(new Date(2026, 11, 8, 9, 0).toISOString(), now)).toBe(
      'Planned for Tue, Dec 8, 9:00 AM',
    );
  });

  it('puts planned texts after the conversation, soonest first; one due now stays where it was written', () => {
    const dueNow = message(3, new Date(now.getTime() - 1000));
    const { said, planned } = splitPlanned(
      [
        message(1, null),
        message(2, new Date(2026, 11, 2, 9, 0)),
        dueNow,
        message(4, new Date(2026, 11, 1, 9, 0)),
        message(5, null),
      ],
      now,
    );
    expect(said.map((m) => m.id)).toEqual([1, 3, 5]);
    expect(planned.map((m) => m.id)).toEqual([4, 2]);
  });
});
