import { afterEach, describe, expect, it } from 'vitest';
import { assistantStatusSchema } from '@washdesk/contract';
import { loadConfig } from '../config.ts';
import { PHONE_ENV, phoneCaller } from '../test/phone-caller.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { assistantChannels } from './assistant-channels.ts';
import { assistantStatusService } from './assistant-status.service.ts';

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
      VALUES ('Do you wash roofs?', 'Yes.', 'Services', ?, '2026-01-01', '2026-01-01')`,
    )
    .run(active ? 1 : 0);

const ALL_PROVIDERS = {
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'twilio-secret',
  TWILIO_PHONE_NUMBER: '+17075550100',
  META_PAGE_ACCESS_TOKEN: 'page-token',
  META_APP_SECRET: 'app-secret',
};

describe('GET /api/assistant/status', () => {
  it('is offline on a fresh server: no channel is answered by the assistant, and each says why', async () => {
    server = await startTestServer();
    addFaq(server, false);
    expect(await status(server)).toEqual({
      online: false,
      answering: [],
      offlineReason: 'no channel answered',
      channels: [
        {
          channel: 'phone',
          name: 'Phone',
          answeredByAssistant: false,
          state: 'Phone: not answered (Twilio is not configured)',
        },
        {
          channel: 'text',
          name: 'Texts',
          answeredByAssistant: false,
          state:
            'Texts: not answered (Text auto-reply is off in AI Settings; TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_PHONE_NUMBER are not all set)',
        },
        {
          channel: 'messenger',
          name: 'Messenger',
          answeredByAssistant: false,
          state: 'Messenger: not answered (Meta is not configured)',
        },
        {
          channel: 'web',
          name: 'Photo quotes',
          answeredByAssistant: false,
          state: 'Photo quotes: local estimate (no AI key)',
        },
      ],
      knowledge:
        'Answers from the price list, services and common responses only: no AI key and no active FAQ entry.',
    });
  });

  it('stays offline with active FAQ entries alone: no channel brings customers to them', async () => {
    server = await startTestServer();
    addFaq(server, true);
    addFaq(server, true);
    expect(await status(server)).toMatchObject({
      online: false,
      answering: [],
      knowledge: 'Answers from 2 active FAQ entries.',
    });
  });

  it('answers calls and Messenger (their webhooks are mounted and their providers configured) and photo quotes with an AI key', async () => {
    server = await startTestServer({ env: { OPENAI_API_KEY: 'sk-test-key-123456', ...ALL_PROVIDERS } });
    addFaq(server, true);
    const s = await status(server);
    expect(s).toMatchObject({
      online: true,
      answering: ['Phone', 'Messenger', 'Photo quotes'],
      offlineReason: null,
    });
    expect(s.channels.map((c) => c.state)).toEqual([
      'Phone: answered by the assistant (from the AI model and 1 active FAQ entry)',
      'Texts: not answered (Text auto-reply is off in AI Settings)',
      'Messenger: answered by the assistant (from the AI model and 1 active FAQ entry)',
      'Photo quotes: AI model',
    ]);
    expect(s.knowledge).toBe('Answers from the AI model and 1 active FAQ entry.');
  });

  it('is online on a server whose phone line answers with only TWILIO_AUTH_TOKEN set (the local assistant)', async () => {
    const { TWILIO_AUTH_TOKEN, PUBLIC_BASE_URL } = PHONE_ENV;
    server = await startTestServer({ env: { TWILIO_AUTH_TOKEN, PUBLIC_BASE_URL } });
    // The line really answers: a signed call gets the assistant's greeting.
    const caller = phoneCaller(server.url);
    const answer = await caller.dial();
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<Gather');
    const s = await status(server);
    expect(s).toMatchObject({ online: true, answering: ['Phone'], offlineReason: null });
    expect(s.channels[0]!.answeredByAssistant).toBe(true);
  });

  it('does not claim Messenger while AI Settings has Messenger auto-reply off', async () => {
    server = await startTestServer({ env: { OPENAI_API_KEY: 'sk-test-key-123456', ...ALL_PROVIDERS } });
    const off = await server.send('PUT', '/api/settings/ai', {
      friendlyTone: true,
      autoScheduleQuotes: true,
      photoRequestPrompts: false,
      messengerAutoReply: false,
      responseDelay: 2,
    });
    expect(off.status).toBe(200);
    const s = await status(server);
    expect(s.answering).toEqual(['Phone', 'Photo quotes']);
    expect(s.channels[2]!.state).toBe('Messenger: not answered (Messenger auto-reply is off in AI Settings)');
  });

  it('is for signed-in staff only', async () => {
    server = await startTestServer();
    expect((await server.anonymous.get('/api/assistant/status')).status).toBe(401);
  });
});

describe('the status follows the channels features report', () => {
  const config = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: '/nonexistent', ...env });
  const faqEntries = (n: number) => ({ activeCount: () => n });

  it('answers the phone once its webhooks report in and Twilio is configured', () => {
    const channels = assistantChannels();
    channels.receives('phone', ['/api/twilio/incoming-call']);
    const s = assistantStatusService(config(ALL_PROVIDERS), channels, faqEntries(3)).status();
    expect(s).toMatchObject({ online: true, answering: ['Phone'], offlineReason: null });
    expect(s.channels[0]!.state).toBe('Phone: answered by the assistant (from 3 active FAQ entries)');
  });

  it('does not answer a received channel whose provider is missing', () => {
    const channels = assistantChannels();
    channels.receives('phone', ['/api/twilio/incoming-call']);
    channels.receives('messenger', ['/api/messenger/webhook']);
    const unconfigured = assistantStatusService(config(), channels, faqEntries(3)).status();
    expect(unconfigured.channels.map((c) => c.state).filter((c) => !c.startsWith('Texts')).slice(0, 2)).toEqual([
      'Phone: not answered (Twilio is not configured)',
      'Messenger: not answered (Meta is not configured)',
    ]);
  });

  it('answers the phone with only TWILIO_AUTH_TOKEN set, from the built-in knowledge, and says texts are off', () => {
    const channels = assistantChannels();
    channels.receives('phone', ['/api/twilio/incoming-call']);
    const s = assistantStatusService(
      config({ TWILIO_AUTH_TOKEN: 'twilio-secret' }),
      channels,
      faqEntries(0),
    ).status();
    expect(s).toMatchObject({ online: true, answering: ['Phone'], offlineReason: null });
    expect(s.channels[0]!.state).toBe(
      'Phone: answered by the assistant (from the price list, services and common responses); no texts: TWILIO_ACCOUNT_SID and TWILIO_PHONE_NUMBER are not both set',
    );
  });

  it('says photo quotes are not taken where no route receives them', () => {
    const s = assistantStatusService(config(), assistantChannels(), faqEntries(0)).status();
    expect(s.channels[3]!.state).toBe('Photo quotes: not answered (this server does not take photo quotes)');
  });
});
