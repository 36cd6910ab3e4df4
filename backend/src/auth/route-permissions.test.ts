import { describe, expect, it } from 'vitest';
import { NOT_PERMITTED } from '@washdesk/contract';
import { ANY_STAFF, routeDecision, routeRefusal } from './route-permissions.ts';

describe('route decisions', () => {
  it('reads a listed route, a read, and a change in an area that belongs to one permission', () => {
    expect(routeDecision('PUT', '/api/settings/ai')).toBe('aiBehaviour');
    expect(routeDecision('DELETE', '/api/faq/:id')).toBe('faq');
    expect(routeDecision('GET', '/api/faq')).toBe(ANY_STAFF);
    expect(routeDecision('HEAD', '/api/users')).toBe('users');
    // "Back up now" and whatever else Settings → Backups gains is the backups permission.
    expect(routeDecision('POST', '/api/backups/run')).toBe('backups');
    expect(routeDecision('GET', '/api/backups/status')).toBe(ANY_STAFF);
    expect(routeDecision('POST', '/api/something-new')).toBeUndefined();
  });

  it('refuses staff what they lack, with the contract error code, and lets the owner through', () => {
    expect(routeRefusal('owner', 'PUT', '/api/settings/ai')).toBeUndefined();
    const refusal = routeRefusal('staff', 'PUT', '/api/settings/ai');
    expect(refusal).toMatchObject({ status: 403, code: NOT_PERMITTED });
    expect(refusal?.message).toBe('Only the owner can change how the AI assistant behaves.');
    expect(routeRefusal('staff', 'POST', '/api/messenger/send')).toBeUndefined();
  });

  it('keeps a change nobody decided on to the owner (fails closed)', () => {
    expect(routeRefusal('owner', 'POST', '/api/something-new')).toBeUndefined();
    expect(routeRefusal('staff', 'POST', '/api/something-new')).toMatchObject({ status: 403 });
    expect(routeRefusal('staff', 'GET', '/api/something-new')).toBeUndefined();
  });
});
