import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.ts';
import { PHONE_ENV, phoneCaller } from '../test/phone-caller.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { spoken, verbNames } from '../test/twiml.ts';

// The phone line with an AI key: the model's reply is what the caller hears, and whatever the
// model does (garbage, refusal, 500, no answer at all) the caller still gets a spoken answer from
// the FAQ within the turn budget (1 s here, ASSISTANT_TURN_BUDGET_SECONDS).

let fake: FakeOpenAi;
let server: TestServer;
let faqAnswer: string;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({
    env: {
      ...PHONE_ENV,
      OPENAI_API_KEY: 'sk-test-not-real',
      OPENAI_BASE_URL: fake.url,
      ASSISTANT_TURN_BUDGET_SECONDS: '1',
    },
  });
  const settings = {
    friendlyTone: false,
    autoScheduleQuotes: false,
    photoRequestPrompts: false,
    messengerAutoReply: true,
    responseDelay: 1,
  };
  expect((await server.send('PUT', '/api/settings/ai', settings)).status).toBe(200);
  faqAnswer = 'Yes, we are fully licensed and insured.';
  const created = await server.send('POST', '/api/faq', {
    question: 'Are you licensed and insured?',
    answer: faqAnswer,
    category: 'general',
  });
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await server.stop();
  await fake.close();
});

const lastAnswerBy = () =>
  (
    server.db.prepare('SELECT answered_by FROM ai_responses ORDER BY id DESC LIMIT 1').get() as {
      answered_by: string;
    }
  ).answered_by;

describe('a phone turn with the AI model', () => {
  it("speaks the model's reply", async () => {
    fake.setScenario({
      content: {
        reply: 'We are, fully licensed and insured.',
        intent: 'other',
        usedFacts: [],
        handoff: false,
        endOfConversation: false,
        booking: { name: null, service: null, address: null, when: null },
      },
    });
    const caller = phoneCaller(server.url);
    await caller.dial();
    const reply = await caller.twiml(await caller.say('Are you insured?'));
    expect(spoken(reply).join(' ')).toContain('We are, fully licensed and insured.');
    expect(verbNames(reply)).toEqual(['Gather', 'Redirect']);
    expect(lastAnswerBy()).toBe('model');
  });

  it.each(['malformed', 'refusal', 'server-error', 'hang'])(
    'answers from the FAQ, as valid TwiML, when the model gives %s',
    async (mode) => {
      fake.setScenario(mode);
      const caller = phoneCaller(server.url);
      await caller.dial();
      const reply = await caller.twiml(await caller.say('Are you insured?'));
      expect(spoken(reply).join(' ')).toContain(faqAnswer);
      expect(verbNames(reply)).toEqual(['Gather', 'Redirect']);
      expect(lastAnswerBy()).toBe('fallback');
      expect(server.errors).toEqual([]);
    },
  );
});
