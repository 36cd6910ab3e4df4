import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/test-server.ts';

// /api/health names the build that runs (issue 31): the release's version and the commit. From a
// checkout the commit is git's HEAD; in the image it is the file the Dockerfile writes (the deploy
// test checks that one, under compose, with an .env whose WASHDESK_GIT_COMMIT= is empty).
const root = path.resolve(import.meta.dirname, '../..');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('/api/health', () => {
  it("names the root package.json's version and the checkout's commit", async () => {
    const health = (await (await server.anonymous.get('/api/health')).json()) as {
      version: string;
      commit: string | null;
    };
    const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      version: string;
    };
    const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
    expect(head).toMatch(/^[0-9a-f]{40}$/);
    expect(health).toMatchObject({ version, commit: head });
  });
});
