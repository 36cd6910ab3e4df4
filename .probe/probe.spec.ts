import { test, expect } from '@playwright/test';
import { startTestServer } from '../backend/src/test/test-server.ts';
test('probe', async ({ page }) => {
  const s = await startTestServer({ env: { LOG_LEVEL: 'silent' } });
  try {
    const r = await page.request.get(`${s.url}/api/health`);
    expect(r.status()).toBe(200);
    console.log(await r.text(), s.config.adminDist);
  } finally { await s.stop(); }
});
