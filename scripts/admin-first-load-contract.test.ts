import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorBodySchema, healthSchema, publicProfileSchema, sessionInfoSchema } from '@washdesk/contract';

// The admin's first load (the sign-in screen) reads these contract modules. Classic zod cannot be
// tree-shaken and would bring ~22 KB brotli back into it (issue 38, 150 KB budget), and so would
// any contract module they import that calls classic zod at its top level.
const FIRST_LOAD_MODULES = ['session.ts', 'errors.ts', 'profile.ts'];

describe("the admin first load's contract", () => {
  it.each(FIRST_LOAD_MODULES)('%s imports zod/mini only, and no other contract module', (file) => {
    const source = fs.readFileSync(path.join(import.meta.dirname, '../contract/src', file), 'utf8');
    const imported = [...source.matchAll(/^import[^;]*? from '([^']+)';$/gm)].map(([, from]) => from);
    expect(imported).toEqual(['zod/mini']);
  });

  it('checks the answers the sign-in screen reads, as before', () => {
    const session = {
      user: {
        id: 1,
        email: 'owner@example.com',
        name: 'Owner',
        role: 'owner',
        disabled: false,
        createdAt: '2026-01-01T00:00:00.000Z',
        lastLoginAt: null,
      },
      csrfToken: 'token',
      expiresAt: '2026-01-02T00:00:00.000Z',
    };
    expect(sessionInfoSchema.parse(session)).toEqual(session);
    expect(sessionInfoSchema.safeParse({ ...session, user: { ...session.user, id: 1.5 } }).success).toBe(
      false,
    );
    expect(
      sessionInfoSchema.safeParse({ ...session, user: { ...session.user, role: 'admin' } }).success,
    ).toBe(false);
    expect(errorBodySchema.parse({ error: { code: 'x', message: 'y', extra: 1 } })).toEqual({
      error: { code: 'x', message: 'y' },
    });
    expect(errorBodySchema.safeParse({ error: { code: 'x', message: 'y', fields: { a: 1 } } }).success).toBe(
      false,
    );
    expect(publicProfileSchema.safeParse({ businessName: 'Washdesk' }).success).toBe(false);
    expect(
      healthSchema.safeParse({ ok: true, database: { ok: true, migrations: 1 }, version: '1' }).success,
    ).toBe(true);
  });
});
