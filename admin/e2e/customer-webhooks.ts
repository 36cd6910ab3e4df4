import crypto from 'node:crypto';
import { expect } from '@playwright/test';
import type { OwnTestServer } from '../../scripts/own-test-server.ts';

/**
 * A customer writes on the Facebook page: Meta's webhook as Meta posts it, JSON signed with the
 * app secret over exactly the bytes sent. The server must take it (200).
 */
export async function customerWritesOnMessenger(server: OwnTestServer, userId: string, text: string) {
  const now = Date.now();
  const raw = JSON.stringify({
    object: 'page',
    entry: [
      {
        id: '104000000000001',
        time: now,
        messaging: [
          {
            sender: { id: userId },
            recipient: { id: '104000000000001' },
            timestamp: now,
            message: { mid: `m_e2e_${crypto.randomUUID()}`, text },
          },
        ],
      },
    ],
  });
  const signature = crypto.createHmac('sha256', server.appSecret!).update(raw).digest('hex');
  const res = await fetch(`${server.url}/api/messenger/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': `sha256=${signature}` },
    body: raw,
  });
  expect(res.status).toBe(200);
}
