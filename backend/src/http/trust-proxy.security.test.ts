import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy, ConfigError } from '../config.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** Six wizard posts, each claiming to come from a different address. */
async function statusesWithForgedAddresses(s: TestServer) {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${s.url}/api/service-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${i + 1}` },
      body: '{}',
    });
    statuses.push(res.status);
  }
  return statuses;
}

describe('X-Forwarded-For', () => {
  it('is ignored by default, so a client cannot dodge the per-address limit with it', async () => {
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    expect(await statusesWithForgedAddresses(server)).toEqual([400, 400, 400, 429, 429, 429]);
  });

  it('is believed from the proxies TRUST_PROXY names', async () => {
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'loopback' } });
    // Behind a trusted proxy each forwarded address is its own client.
    expect(await statusesWithForgedAddresses(server)).toEqual([400, 400, 400, 400, 400, 400]);
  });

  it('is not believed from a proxy that is not named', async () => {
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '10.0.0.0/8' } });
    expect(await statusesWithForgedAddresses(server)).toEqual([400, 400, 400, 429, 429, 429]);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    ['', false],
    ['0', false],
    ['off', false],
    ['1', 1],
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 192.168.1.10', ['10.0.0.0/8', '192.168.1.10']],
    ['::1 fd00::/8', ['::1', 'fd00::/8']],
  ])('reads %j', (value, trusted) => {
    expect(parseTrustProxy(value)).toEqual(trusted);
  });

  it.each(['true', 'yes', '10.0.0.0/33', 'example.com', '-1', '999', '10.0.0.1/8/2'])(
    'refuses %j at start, naming the variable',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY=/);
    },
  );
});
