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

const lastLogged = () =>
  server.db.prepare('SELECT ai_response, intent FROM ai_responses ORDER BY id DESC LIMIT 1').get() as {
    ai_response: string;
    intent: string;
  };

describe('a phone turn with the AI model', () => {
  it("speaks the model's reply, written from the tool it called, and logs exactly what was said", async () => {
    // The model asks the service-area tool, then says what it answered (streamed in pieces).
    fake.setScenario((attempt, request) => {
      if (attempt === 1)
        return { toolCalls: [{ name: 'service_area', arguments: JSON.stringify({ place: 'Willits' }) }] };
      const tool = request.messages.findLast((m) => m.role === 'tool')!;
      const { answer } = JSON.parse(tool.content as string) as { answer: string };
      return { chunks: [answer.slice(0, 12), answer.slice(12)] };
    });
    const caller = phoneCaller(server.url);
    await caller.dial();
    const reply = await caller.twiml(await caller.say('Do you come out to Willits?'));
    const heard = spoken(reply).join(' ');
    expect(heard).toContain('Yes, Willits is in Mendocino County, in our service area.');
    expect(verbNames(reply)).toEqual(['Gather', 'Redirect']);
    expect(lastAnswerBy()).toBe('model');
    expect(lastLogged()).toMatchObject({ intent: 'service_area' });
    expect(heard).toContain(lastLogged().ai_response);
    expect(fake.requests.at(-1)!.stream).toBe(true);
  });

  it('answers a Spanish question in Spanish, spoken by a Spanish voice and listened to as Spanish', async () => {
    fake.setScenario((attempt, request) => {
      if (attempt === 1)
        return { toolCalls: [{ name: 'service_area', arguments: JSON.stringify({ place: 'Willits' }) }] };
      const tool = request.messages.findLast((m) => m.role === 'tool')!;
      expect(tool.content).toContain('Willits is in Mendocino County');
      return { chunks: ['Sí, vamos a Willits: está en el condado de Mendocino.'] };
    });
    const caller = phoneCaller(server.url);
    await caller.dial();
    const reply = await caller.twiml(await caller.say('¿Ustedes vienen hasta Willits?'));
    const gather = reply.children[0]!;
    expect(gather.attrs).toMatchObject({ language: 'es-US' });
    expect(gather.children[0]).toMatchObject({
      name: 'Say',
      attrs: { voice: 'Polly.Lupe', language: 'es-US' },
      text: 'Sí, vamos a Willits: está en el condado de Mendocino.',
    });
    expect(lastLogged().ai_response).toBe('Sí, vamos a Willits: está en el condado de Mendocino.');
  });

  it('throws away an invented price and answers from the FAQ instead', async () => {
    fake.setScenario({ chunks: ['Being insured costs us $5,000, so yes.'] });
    const caller = phoneCaller(server.url);
    await caller.dial();
    const reply = await caller.twiml(await caller.say('Are you insured?'));
    expect(spoken(reply).join(' ')).toContain(faqAnswer);
    expect(spoken(reply).join(' ')).not.toContain('5,000');
    expect(lastAnswerBy()).toBe('fallback');
  });

  const badArguments = { toolCalls: [{ name: 'price', arguments: '{"surface": "house' }] };
  it.each([
    ['bad tool arguments', badArguments],
    ['a refusal', 'refusal'],
    ['a 500', 'server-error'],
    ['no answer at all', 'hang'],
  ] as const)('answers from the FAQ, as valid TwiML, when the model gives %s', async (_what, mode) => {
    fake.setScenario(mode);
    const caller = phoneCaller(server.url);
    await caller.dial();
    const reply = await caller.twiml(await caller.say('Are you insured?'));
    expect(spoken(reply).join(' ')).toContain(faqAnswer);
    expect(verbNames(reply)).toEqual(['Gather', 'Redirect']);
    expect(lastAnswerBy()).toBe('fallback');
    expect(server.errors).toEqual([]);
  });
});
