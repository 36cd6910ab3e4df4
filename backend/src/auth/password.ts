import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// OWASP Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1 (128 MiB per hash).
// Every stored hash records its own cost, so verifying never depends on this setting; the API
// tests lower N (backend/src/test/test-server.ts) so their many sign-ins do not hang on a busy
// machine's memory bandwidth.
export const PASSWORD_COST = { N: 2 ** 17, r: 8, p: 1 };
const PARAMS = PASSWORD_COST;
const KEY_LENGTH = 32;

const derive = (password: string, salt: Buffer, params: typeof PARAMS) =>
  new Promise<Buffer>((resolve, reject) => {
    const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Verified against when the e-mail is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
