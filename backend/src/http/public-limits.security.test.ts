import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@washdesk/contract';
import { startTestServer, TEST_PASSWORD, type JsonResponse, type TestServer } from '../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
});
afterAll(() => server.stop());

describe('per-address limits on public endpoints', () => {
  it('answers a flood of quote requests with 429, a clear message and Retry-After', async () => {
    const statuses: number[] = [];
    let last: JsonResponse | undefined;
    for (let i = 0; i < 12; i++) {
      last = await server.anonymous.upload('/api/photo-quote', new FormData());
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    const body = await last!.json();
    const retryAfter = Number(last!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(body.error.message).toBe(AUTH_MESSAGES.tooManyRequests(retryAfter));
  });

  it('limits each public form separately and writes nothing once limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await server.anonymous.send('POST', '/api/service-requests', {})).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    expect(server.count('service_requests')).toBe(0);
  });

  it("limits guesses at a visit link's answers (confirm, move, cancel), each on its own", async () => {
    const guess = `/api/public/visits/${'A'.repeat(43)}`;
    for (const answer of ['confirm', 'reschedule', 'cancel']) {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push((await server.anonymous.send('POST', `${guess}/${answer}`, {})).status);
      expect(statuses.slice(0, 5), answer).not.toContain(429);
      expect(statuses.slice(5), answer).toEqual([429, 429]);
    }
  });

  it('after 20 sign-in failures from one address, every account it failed on waits; others still sign in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await server.anonymous.send('POST', '/api/auth/login', {
        email: `guess${i}@example.com`,
        password: 'nope nope nope',
      });
      statuses.push(res.status);
      if (i >= 19) expect((await res.json()).error.message).toBe(AUTH_MESSAGES.ipLimited);
    }
    expect(statuses).toEqual([...Array(19).fill(401), 429, 429]);
    // A sprayed account is not tried again from here…
    const again = await server.anonymous.send('POST', '/api/auth/login', {
      email: 'guess0@example.com',
      password: 'another guess',
    });
    expect(again.status).toBe(429);
    // …but a staff member whose account was not guessed at signs in from the same address.
    const res = await server.anonymous.send('POST', '/api/auth/login', {
      email: 'test-owner@example.com',
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(200);
  });
});
