import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_TYPES } from '@washdesk/contract';
import { staleAfter } from './live-invalidation.ts';

describe('what each live event makes stale', () => {
  it('names the screens that show that kind of change', () => {
    expect(staleAfter('submission.created')).toContain('photo-submissions');
    expect(staleAfter('call.updated')).toEqual(
      expect.arrayContaining(['calls', 'ai-responses', 'appointments']),
    );
    expect(staleAfter('message.received')).toContain('messenger');
  });

  it('covers every event type and ignores unknown ones', () => {
    for (const type of LIVE_EVENT_TYPES) expect(staleAfter(type).length, type).toBeGreaterThan(0);
    expect(staleAfter('something.new')).toEqual([]);
  });
});
