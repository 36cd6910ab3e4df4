import { describe, expect, it } from 'vitest';
import { USER_ROLES } from './session.ts';
import { PERMISSIONS, PERMISSION_NAMES, notPermittedMessage, permissionsOf, roleCan } from './roles.ts';

describe('the role matrix', () => {
  it('gives the owner every permission and staff none of the owner-only ones', () => {
    expect(permissionsOf('owner')).toEqual(PERMISSION_NAMES);
    expect(permissionsOf('staff')).toEqual([]);
    for (const permission of [
      'aiBehaviour',
      'messageTemplates',
      'businessHours',
      'faq',
      'prices',
      'telephony',
      'users',
      'backups',
      'othersCalendarLinks',
      'deposits',
      'seeMoney',
      'refund',
    ] as const) {
      expect(roleCan('staff', permission), permission).toBe(false);
      expect(roleCan('owner', permission), permission).toBe(true);
    }
  });

  it('gives every permission a role that has it, a reason and the words of its refusal', () => {
    for (const permission of PERMISSION_NAMES) {
      const { roles, reason, doing, covers } = PERMISSIONS[permission];
      expect(roles.length, permission).toBeGreaterThan(0);
      expect(roles.every((role) => (USER_ROLES as readonly string[]).includes(role))).toBe(true);
      for (const text of [reason, doing, covers]) expect(text.trim().length, permission).toBeGreaterThan(10);
      expect(notPermittedMessage(permission)).toMatch(/^Only the owner can [a-z].*\.$/);
    }
    expect(notPermittedMessage('faq')).toBe('Only the owner can add, edit or delete FAQ entries.');
    expect(notPermittedMessage('users')).toBe('Only the owner can manage staff accounts.');
  });

  it('keeps money decided before any screen offers it, and refunds in use by Payments', () => {
    // Issue 35 offers the takings (the dashboard's money, the QuickBooks exports) to the owner.
    expect(PERMISSIONS.seeMoney.inUse).toBe(true);
    expect(PERMISSIONS.seeMoney.roles).toEqual(['owner']);
    expect(PERMISSIONS.refund.inUse).toBe(true);
    expect(PERMISSIONS.aiBehaviour.inUse).toBe(true);
  });
});
