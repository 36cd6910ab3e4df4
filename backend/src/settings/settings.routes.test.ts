import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  aiSettingsSchema,
  commonResponseSchema,
  errorBodySchema,
  telephonySettingsSchema,
} from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectInvalid } from '../test/expect-errors.ts';

const settingsSchema = aiSettingsSchema.strict();
const responsesSchema = commonResponseSchema.strict().array();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

const readSettings = async (s: TestServer = server) => {
  const res = await s.get('/api/settings/ai');
  expect(res.status).toBe(200);
  return settingsSchema.parse(await res.json());
};

const readResponses = async () => {
  const res = await server.get('/api/settings/responses');
  expect(res.status).toBe(200);
  return responsesSchema.parse(await res.json());
};

const full = {
  friendlyTone: false,
  autoScheduleQuotes: false,
  photoRequestPrompts: true,
  messengerAutoReply: false,
  textAutoReply: true,
  responseDelay: 3.5,
};

describe('GET /api/settings/ai', () => {
  it('answers the defaults on a new database', async () => {
    const fresh = await startTestServer();
    try {
      expect(await readSettings(fresh)).toEqual({
        friendlyTone: true,
        autoScheduleQuotes: true,
        photoRequestPrompts: false,
        messengerAutoReply: true,
        textAutoReply: false,
        responseDelay: 2,
      });
    } finally {
      await fresh.stop();
    }
  });
});

describe('PUT /api/settings/ai', () => {
  it('saves the full settings, answers them, and GET returns them', async () => {
    const res = await server.send('PUT', '/api/settings/ai', full);
    expect(res.status).toBe(200);
    expect(settingsSchema.parse(await res.json())).toEqual(full);
    expect(await readSettings()).toEqual(full);
  });

  // The spec's call table: PUT /api/settings/ai | JSON friendlyTone, autoScheduleQuotes,
  // photoRequestPrompts, responseDelay. A client sending exactly that must be answered, and the
  // setting it does not know (Messenger auto-reply) keeps what staff chose.
  it("takes exactly the spec's four fields and keeps the stored Messenger auto-reply", async () => {
    for (const messengerAutoReply of [false, true]) {
      expect((await server.send('PUT', '/api/settings/ai', { ...full, messengerAutoReply })).status).toBe(
        200,
      );
      const specBody = {
        friendlyTone: true,
        autoScheduleQuotes: false,
        photoRequestPrompts: false,
        responseDelay: 4,
      };
      const res = await server.send('PUT', '/api/settings/ai', specBody);
      expect(res.status).toBe(200);
      // Text auto-reply, which the spec does not name either, keeps its stored value too.
      expect(settingsSchema.parse(await res.json())).toEqual({
        ...specBody,
        messengerAutoReply,
        textAutoReply: true,
      });
      expect(await readSettings()).toEqual({ ...specBody, messengerAutoReply, textAutoReply: true });
    }
  });

  it('keeps the settings across a restart on the same data folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-settings-'));
    try {
      const first = await startTestServer({ dataDir });
      const saved = {
        friendlyTone: true,
        autoScheduleQuotes: false,
        photoRequestPrompts: true,
        messengerAutoReply: true,
        textAutoReply: true,
        responseDelay: 4.5,
      };
      expect((await first.send('PUT', '/api/settings/ai', saved)).status).toBe(200);
      await first.stop();
      const second = await startTestServer({ dataDir });
      try {
        expect(await readSettings(second)).toEqual(saved);
        expect(second.errors).toEqual([]);
      } finally {
        await second.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    [
      'a responseDelay above 5',
      { ...full, responseDelay: 7 },
      'responseDelay',
      'responseDelay must be at most 5s',
    ],
    [
      'a responseDelay below 1',
      { ...full, responseDelay: 0.5 },
      'responseDelay',
      'responseDelay must be at least 1s',
    ],
    [
      'a responseDelay off the 0.5 s steps',
      { ...full, responseDelay: 1.3 },
      'responseDelay',
      'responseDelay moves in steps of 0.5s',
    ],
    [
      'a text responseDelay',
      { ...full, responseDelay: '2' },
      'responseDelay',
      'responseDelay must be a number of seconds',
    ],
    [
      'a non-boolean friendlyTone',
      { ...full, friendlyTone: 'yes' },
      'friendlyTone',
      'friendlyTone must be true or false',
    ],
    [
      'a missing field',
      { friendlyTone: true, autoScheduleQuotes: true, messengerAutoReply: true, responseDelay: 2 },
      'photoRequestPrompts',
      'photoRequestPrompts must be true or false',
    ],
    [
      'a non-boolean messengerAutoReply',
      { ...full, messengerAutoReply: 'no' },
      'messengerAutoReply',
      'messengerAutoReply must be true or false',
    ],
    [
      'a non-boolean textAutoReply',
      { ...full, textAutoReply: 'on' },
      'textAutoReply',
      'textAutoReply must be true or false',
    ],
  ];
  it.each(bad)(
    'rejects %s with 400 and leaves the settings unchanged',
    async (_label, body, field, message) => {
      const saved = {
        friendlyTone: false,
        autoScheduleQuotes: true,
        photoRequestPrompts: true,
        messengerAutoReply: true,
        textAutoReply: false,
        responseDelay: 1.5,
      };
      expect((await server.send('PUT', '/api/settings/ai', saved)).status).toBe(200);
      const rows = server.count('settings');
      await expectInvalid(await server.send('PUT', '/api/settings/ai', body), field, message);
      expect(await readSettings()).toEqual(saved);
      expect(server.count('settings')).toBe(rows);
    },
  );
});

describe('GET /api/settings/responses', () => {
  it('lists service-areas, pricing and process in that order with their titles and categories', async () => {
    const responses = await readResponses();
    expect(responses.map((r) => r.id)).toEqual(['service-areas', 'pricing', 'process']);
    expect(responses.map((r) => [r.title, r.category])).toEqual([
      ['Service Areas', 'Location'],
      ['Pricing Information', 'Pricing'],
      ['Service Process', 'Process'],
    ]);
    for (const r of responses) expect(r.content).toMatch(/\S/);
  });
});

describe('PUT /api/settings/responses/:id', () => {
  it('saves new text for pricing, answers it, and keeps the other responses', async () => {
    const before = await readResponses();
    const res = await server.send('PUT', '/api/settings/responses/pricing', {
      content: '  Soft washing starts at $175.  ',
    });
    expect(res.status).toBe(200);
    const updated = commonResponseSchema.strict().parse(await res.json());
    expect(updated).toMatchObject({
      id: 'pricing',
      title: 'Pricing Information',
      content: 'Soft washing starts at $175.',
    });
    const after = await readResponses();
    expect(after.find((r) => r.id === 'pricing')?.content).toBe('Soft washing starts at $175.');
    expect(after.filter((r) => r.id !== 'pricing')).toEqual(before.filter((r) => r.id !== 'pricing'));
  });

  it('rejects blank or missing text with "Response text is required" and keeps the old text', async () => {
    const before = await readResponses();
    await expectInvalid(
      await server.send('PUT', '/api/settings/responses/process', { content: '   ' }),
      'content',
      'Response text is required',
    );
    await expectInvalid(
      await server.send('PUT', '/api/settings/responses/process', {}),
      'content',
      'Response text is required',
    );
    expect(await readResponses()).toEqual(before);
  });

  it('answers 404 for an unknown response id and adds no response', async () => {
    const rows = server.count('common_responses');
    const res = await server.send('PUT', '/api/settings/responses/warranty', { content: 'Two years.' });
    expect(res.status).toBe(404);
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('not_found');
    expect(server.count('common_responses')).toBe(rows);
    expect((await readResponses()).map((r) => r.id)).toEqual(['service-areas', 'pricing', 'process']);
  });
});

describe('GET /api/settings/telephony', () => {
  it('says honestly that nothing is configured when the environment sets nothing', async () => {
    const res = await server.get('/api/settings/telephony');
    expect(res.status).toBe(200);
    expect(telephonySettingsSchema.strict().parse(await res.json())).toEqual({
      phone: { connected: false, accountSid: null, phoneNumber: null },
      publicBaseUrl: expect.stringMatching(/^http:\/\/localhost:/),
      webhooks: [
        { label: 'Incoming call', path: '/api/twilio/incoming-call' },
        { label: 'Speech processing', path: '/api/twilio/process-speech' },
        { label: 'Call status', path: '/api/twilio/call-status' },
      ],
      aiProvider: { connected: false, provider: 'Local price-list estimator', maskedKey: null, model: null },
      messengerConnected: false,
    });
  });

  it('shows configured values masked, never the secrets themselves', async () => {
    const configured = await startTestServer({
      env: {
        TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
        TWILIO_AUTH_TOKEN: 'twilio-auth-secret',
        TWILIO_PHONE_NUMBER: '+17075550199',
        OPENAI_API_KEY: 'sk-proj-secretsecretsecret9876',
        OPENAI_MODEL: 'gpt-4.1',
      },
    });
    try {
      const res = await configured.get('/api/settings/telephony');
      const text = await res.text();
      expect(text).not.toContain('secretsecret');
      expect(text).not.toContain('twilio-auth-secret');
      expect(text).not.toContain('0123456789abcdef');
      expect(telephonySettingsSchema.parse(JSON.parse(text))).toMatchObject({
        phone: { connected: true, accountSid: 'AC••••••••cdef', phoneNumber: '+1••••••••0199' },
        aiProvider: { connected: true, provider: 'OpenAI', maskedKey: 'sk-••••••••9876', model: 'gpt-4.1' },
      });
    } finally {
      await configured.stop();
    }
  });
});
