import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/** The owner every test server signs in as; the browser tests of e2e-server.ts sign in with it. */
export const CLOCKED_OWNER = { email: 'test-owner@example.com', password: TEST_PASSWORD };

export type ClockedServer = TestServer;

/**
 * A test server whose dated figures (dashboard, weekly report) are counted at a fixed moment, so
 * a test can seed rows at known instants and know every figure by hand. Only the clock differs.
 */
export const startClockedServer = (options: { now?: Date; env?: Record<string, string> }) =>
  startTestServer({ env: options.env, clock: options.now && (() => options.now!.getTime()) });
