import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD_COST, hashPassword, verifyPassword } from './password.ts';

describe('stored passwords', () => {
  it('are scrypt hashes at the OWASP cost, salted, and verify only the right password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await hashPassword('correct horse battery staple')).not.toBe(stored);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('Correct horse battery staple', stored)).toBe(false);
    expect(await verifyPassword('anything', 'md5$abc')).toBe(false);
  });

  // A hash stored at another cost than today's (an older setting, or the tests' cheaper one) must
  // still verify: the key below is derived independently at N=2^10, which is no cost this module
  // ever uses, so a verifier that ignored the stored cost would derive another key and refuse it.
  it('verifies a hash by the cost it was stored with', async () => {
    const salt = Buffer.from('saltsaltsaltsalt');
    const stored = (N: number, r: number, p: number) => {
      const key = scryptSync('correct horse', salt, 32, { N: 2 ** 10, r: 8, p: 1 });
      return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
    };
    expect(PASSWORD_COST.N).not.toBe(2 ** 10);
    expect(await verifyPassword('correct horse', stored(2 ** 10, 8, 1))).toBe(true);
    expect(await verifyPassword('correct horse!', stored(2 ** 10, 8, 1))).toBe(false);
    // The same key under any other stored cost is someone else's hash.
    expect(await verifyPassword('correct horse', stored(2 ** 11, 8, 1))).toBe(false);
    expect(await verifyPassword('correct horse', stored(2 ** 10, 4, 1))).toBe(false);
    expect(await verifyPassword('correct horse', stored(2 ** 10, 8, 2))).toBe(false);
  });
});
