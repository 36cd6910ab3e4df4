import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@washdesk/contract';
import { startTestServer, type JsonResponse, type TestServer } from '../test/test-server.ts';

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

  it('stops sign-in attempts from one address after 20 failures, whatever the accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await server.anonymous.send('POST', '/api/auth/login', {
        email: `guess${i}@example.com`,
        password: 'nope nope nope',
      });
      statuses.push(res.status);
      if (i === 20) expect((await res.json()).error.message).toBe(AUTH_MESSAGES.ipLimited);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
  });
});
