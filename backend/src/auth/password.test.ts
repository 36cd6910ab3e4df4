import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('stored passwords', () => {
  it('are scrypt hashes at the OWASP cost, salted, and verify only the right password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await hashPassword('correct horse battery staple')).not.toBe(stored);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('Correct horse battery staple', stored)).toBe(false);
    expect(await verifyPassword('anything', 'md5$abc')).toBe(false);
  });

  it('verifies a hash by the cost it was stored with', async () => {
    const cheap = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA==$';
    expect(await verifyPassword('x', `${cheap}AAAA`)).toBe(false);
  });
});
