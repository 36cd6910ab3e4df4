import type { Clock } from '../time.ts';

/**
 * How sign-in guessing is slowed. Limits are per account AND address, so one person's typos (or an
 * attacker elsewhere) never lock the rest of the office out; an address that fails across many
 * accounts (password spraying) loses its allowance on every account it has failed on.
 */
export const SIGN_IN_LIMITS = {
  /** Failures in a row for one account from one address before that pair waits. */
  perAccountAndAddress: 5,
  /**
   * Failures from one address across accounts in a window. Beyond it, every account that has
   * failed from that address waits too; accounts it has not failed on still sign in.
   */
  perAddress: 20,
  /** The window, and how long a pair waits. */
  minutes: 15,
} as const;

export type SignInRefusal = { why: 'account' | 'address'; retryAfterSeconds: number };

/** Bounds the memory an attacker with many addresses and made-up e-mails can make us hold. */
const MAX_TRACKED = 100_000;

/**
 * In memory, like the other per-address limits: one server process, and forgetting on restart
 * only ever favours the person signing in. Accounts are keyed by the typed e-mail (lower-cased),
 * so an unknown e-mail is throttled exactly like a real one and the answers reveal nothing.
 */
export function signInThrottle(clock: Clock = Date.now) {
  const windowMs = SIGN_IN_LIMITS.minutes * 60_000;
  /** Per account + address: failures in a row, the last one's time, and the end of a wait. */
  const pairs = new Map<string, { failures: number; last: number; waitUntil: number }>();
  /** Per address: failures in the current window. */
  const addresses = new Map<string, { failures: number; since: number }>();

  const accountOf = (email: string) => email.trim().toLowerCase();
  const pairKey = (email: string, address: string) => `${accountOf(email)}\u0000${address}`;
  /** A pair forgets its failures a window after the last one, once any wait is over. */
  const stalePair = (p: { last: number; waitUntil: number }, now: number) =>
    now - p.last >= windowMs && p.waitUntil <= now;
  const livePair = (key: string, now: number) => {
    const pair = pairs.get(key);
    if (pair && stalePair(pair, now)) pairs.delete(key);
    return pair && !stalePair(pair, now) ? pair : undefined;
  };
  const liveAddress = (address: string, now: number) => {
    const entry = addresses.get(address);
    if (entry && now - entry.since >= windowMs) addresses.delete(address);
    return entry && now - entry.since < windowMs ? entry : undefined;
  };
  const prune = (now: number) => {
    if (pairs.size + addresses.size < MAX_TRACKED) return;
    for (const [k, v] of pairs) if (stalePair(v, now)) pairs.delete(k);
    for (const [k, v] of addresses) if (now - v.since >= windowMs) addresses.delete(k);
    // Still full (a flood inside one window): the oldest go first, so memory stays bounded.
    for (const map of [pairs, addresses] as Map<string, unknown>[]) {
      for (const key of map.keys()) {
        if (map.size <= MAX_TRACKED / 2) break;
        map.delete(key);
      }
    }
  };

  return {
    /** Whether this account may try from this address now; null when it may. */
    refusal(email: string, address: string): SignInRefusal | null {
      const now = clock();
      const pair = livePair(pairKey(email, address), now);
      if (!pair) return null;
      if (pair.waitUntil > now) {
        return { why: 'account', retryAfterSeconds: Math.ceil((pair.waitUntil - now) / 1000) };
      }
      // A spraying address: accounts it has already failed on wait until its window ends.
      const spraying = liveAddress(address, now);
      if (pair.failures > 0 && spraying && spraying.failures >= SIGN_IN_LIMITS.perAddress) {
        const seconds = Math.ceil((spraying.since + windowMs - now) / 1000);
        return { why: 'address', retryAfterSeconds: Math.max(1, seconds) };
      }
      return null;
    },

    /**
     * An attempt starts: refused if this pair (or this spraying address) must wait, otherwise
     * counted as a failure at once, before the password is checked, so guesses sent in parallel
     * cannot all slip in under the limit. `succeeded` takes it back.
     */
    begin(email: string, address: string): SignInRefusal | null {
      const refused = this.refusal(email, address);
      if (refused) return refused;
      const now = clock();
      prune(now);
      const key = pairKey(email, address);
      const pair = livePair(key, now) ?? { failures: 0, last: now, waitUntil: 0 };
      // A wait that has run out starts a fresh count: one more typo is one failure, not a wait.
      if (pair.waitUntil && pair.waitUntil <= now) pair.failures = 0;
      pair.failures += 1;
      pair.last = now;
      pair.waitUntil = pair.failures >= SIGN_IN_LIMITS.perAccountAndAddress ? now + windowMs : 0;
      pairs.set(key, pair);
      const perAddress = liveAddress(address, now) ?? { failures: 0, since: now };
      perAddress.failures += 1;
      addresses.set(address, perAddress);
      return null;
    },

    /** The right password: this pair starts again from nothing, and the address gets its try back. */
    succeeded(email: string, address: string) {
      pairs.delete(pairKey(email, address));
      const perAddress = liveAddress(address, clock());
      if (perAddress) perAddress.failures = Math.max(0, perAddress.failures - 1);
    },

    /** The owner set a new password: every wait on this account ends, wherever it was. */
    forgetAccount(email: string) {
      const prefix = `${accountOf(email)}\u0000`;
      for (const key of pairs.keys()) if (key.startsWith(prefix)) pairs.delete(key);
    },
  };
}
export type SignInThrottle = ReturnType<typeof signInThrottle>;
