import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_TYPES } from '@washdesk/contract';
import { aiResponseQueries } from '../ai-responses/ai-responses.queries.ts';
import { appointmentQueries } from '../appointments/appointments.queries.ts';
import { callQueries } from '../calls/calls.queries.ts';
import { messengerQueries } from '../messenger/messenger.queries.ts';
import { leadQueries } from '../leads/leads.queries.ts';
import { submissionQueries } from '../submissions/submission.queries.ts';
import { LIVE_QUERY_ROOTS, staleAfter } from './live-invalidation.ts';

describe('what each live event makes stale', () => {
  it('names the screens that show that kind of change, by their query-key factories', () => {
    expect(staleAfter('submission.created')).toContain(submissionQueries.all);
    expect(staleAfter('call.updated')).toEqual(
      expect.arrayContaining([callQueries.all, aiResponseQueries.all, appointmentQueries.all]),
    );
    expect(staleAfter('message.received')).toContain(messengerQueries.all);
    expect(staleAfter('service-request.created')).toContain(leadQueries.all);
    // A new texter is a lead in Requests (issue 32): the inbox refreshes on their text.
    expect(staleAfter('text.received')).toContain(leadQueries.all);
  });

  it('covers every event type and ignores unknown ones', () => {
    for (const type of LIVE_EVENT_TYPES) expect(staleAfter(type).length, type).toBeGreaterThan(0);
    expect(staleAfter('something.new')).toEqual([]);
  });

  it('refreshes only keys a factory builds, and each of them after some event', () => {
    const used = new Set(LIVE_EVENT_TYPES.flatMap((type) => staleAfter(type)));
    expect([...used].filter((key) => !LIVE_QUERY_ROOTS.includes(key))).toEqual([]);
    expect(LIVE_QUERY_ROOTS.filter((key) => !used.has(key))).toEqual([]);
  });
});
