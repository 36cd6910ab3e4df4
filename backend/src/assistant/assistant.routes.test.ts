import { afterEach, describe, expect, it } from 'vitest';
import { assistantStatusSchema } from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  expect(server?.errors ?? []).toEqual([]);
  await server?.stop();
  server = undefined;
});

const status = async (s: TestServer) => {
  const res = await s.get('/api/assistant/status');
  expect(res.status).toBe(200);
  return assistantStatusSchema.strict().parse(await res.json());
};

const addFaq = (s: TestServer, active: boolean) =>
  s.db
    .prepare(
      `INSERT INTO faq_entries (question, answer, category, is_active, created_at, updated_at)
      VALUES ('Do you wash roofs?', 'Yes.', 'services', ?, '2026-01-01', '2026-01-01')`,
    )
    .run(active ? 1 : 0);

describe('GET /api/assistant/status', () => {
  it('is offline with nothing to answer from: no model key and no active FAQ entry', async () => {
    server = await startTestServer();
    addFaq(server, false);
    expect(await status(server)).toEqual({
      online: false,
      answersFrom: 'none',
      activeFaqEntries: 0,
      phoneConnected: false,
      messengerConnected: false,
      details: [
        'No AI model key is set and no FAQ entry is active, so it has nothing to answer from.',
        'Phone line not connected (Twilio is not configured).',
        'Messenger not connected (no Meta page access token).',
      ],
    });
  });

  it('is online from the FAQ once an entry is active', async () => {
    server = await startTestServer();
    addFaq(server, true);
    addFaq(server, true);
    const s = await status(server);
    expect(s).toMatchObject({ online: true, answersFrom: 'faq', activeFaqEntries: 2 });
    expect(s.details[0]).toBe('Answers from 2 active FAQ entries; no AI model key is set.');
  });

  it('is online with the AI model when a key is set, and reports connected channels', async () => {
    server = await startTestServer({
      env: {
        OPENAI_API_KEY: 'sk-test-key-123456',
        TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
        TWILIO_AUTH_TOKEN: 'twilio-secret',
        TWILIO_PHONE_NUMBER: '+17075550100',
        META_PAGE_ACCESS_TOKEN: 'page-token',
      },
    });
    expect(await status(server)).toMatchObject({
      online: true,
      answersFrom: 'ai-model',
      phoneConnected: true,
      messengerConnected: true,
      details: [
        'Answers with the AI model and 0 active FAQ entries.',
        'Phone line connected.',
        'Messenger connected.',
      ],
    });
  });

  it('is for signed-in staff only', async () => {
    server = await startTestServer();
    expect((await server.anonymous.get('/api/assistant/status')).status).toBe(401);
  });
});
