import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatCompletionCreateParams } from 'openai/resources/chat/completions';
import { appointmentRepository } from '../../appointments/appointment.repository.ts';
import { startFakeOpenAi, type FakeOpenAi, type FakeScenario } from '../../test/fake-openai.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { storeAiSettings } from '../../test/ai-settings.ts';
import { addFaq, assistantOn, newCall } from '../../test/assistant-rig.ts';
import { MAX_TOOL_ROUNDS } from '../assistant-model.ts';
import type { AssistantTurnInput } from '../assistant-turn.ts';
import { jobPriceReply, priceOfJob } from '../tools/job-price.ts';
import { jobDetailsOf } from '../tools/job-details.ts';

// The model path against the fake OpenAI on 127.0.0.1, through the real SDK: the model calls the
// assistant's tools, the tools decide the facts, the final answer is streamed and checked sentence
// by sentence; anything unusable (bad tool arguments, a refusal, a 500, a hang, an invented price
// or town) falls back to the no-model answer. Monday 23 November 2026, 9:30 AM in California.
const NOW = Date.parse('2026-11-23T17:30:00Z');
const BUDGET_MS = 4000;
const INSURED = 'Yes, we are fully licensed and insured.';

let server: TestServer;
let fake: FakeOpenAi;
let clock = NOW;

beforeAll(async () => {
  [server, fake] = await Promise.all([startTestServer(), startFakeOpenAi()]);
  addFaq(server, 'Are you licensed and insured?', INSURED);
  storeAiSettings(server);
});
afterAll(async () => {
  await Promise.all([server.stop(), fake.close()]);
});
afterEach(() => {
  fake.requests.length = 0;
  clock = NOW;
});

const assistant = () =>
  assistantOn(server, {
    config: {
      ...server.config,
      assistantTurnBudgetMs: BUDGET_MS,
      providers: { ...server.config.providers, openai: { apiKey: 'sk-test', baseUrl: fake.url } },
    },
    clock: () => clock,
    pause: async () => {},
  });

/** One phone turn; `heard` collects what a streaming channel was sent, piece by piece. */
async function turn(message: string, heard?: string[]) {
  const input: AssistantTurnInput = {
    channel: 'phone',
    callId: newCall(server),
    message,
    customer: { phone: '+17075550123' },
    photoLink: null,
    onReplyText: heard && ((text) => void heard.push(text)),
  };
  return assistant().turn(input);
}

const logged = (id: number) =>
  (server.db.prepare('SELECT ai_response FROM ai_responses WHERE id = ?').get(id) as { ai_response: string })
    .ai_response;

/** The fake's answers in order, each a scenario or made from the request (e.g. from a tool result). */
function script(...steps: (FakeScenario | ((request: ChatCompletionCreateParams) => FakeScenario))[]) {
  fake.setScenario((attempt, request) => {
    const step = steps[attempt - 1] ?? 'server-error';
    return typeof step === 'function' ? step(request) : step;
  });
}
const call = (name: string, args: object | string) => ({
  toolCalls: [{ name, arguments: typeof args === 'string' ? args : JSON.stringify(args) }],
});
/** What the last tool said, as the model received it. */
const toolAnswer = (request: ChatCompletionCreateParams) => {
  const tool = request.messages.findLast((m) => m.role === 'tool');
  return (JSON.parse(tool!.content as string) as { answer: string }).answer;
};

describe('the model calls the tools, the tools decide the facts', () => {
  it('prices a job with the pricing engine and speaks the total the tool gave', async () => {
    const expected = jobPriceReply(priceOfJob(jobDetailsOf('a two-story house, 2,400 square feet')));
    script(call('price', { surface: 'house_soft_wash', squareFeet: 2400, stories: 2 }), (req) => ({
      chunks: [toolAnswer(req)],
    }));
    const result = await turn('How much to wash a two-story house, about 2,400 square feet?');
    expect(result).toMatchObject({ answeredBy: 'model', intent: 'pricing', knowledgeUsed: ['prices'] });
    expect(result.reply).toContain(expected);
    expect(expected).toMatch(/\$[\d,]+ - \$[\d,]+/);
    const [first, second] = fake.requests;
    expect(first!.stream).toBe(true);
    expect(first!.tools?.map((t) => (t.type === 'function' ? t.function.name : ''))).toEqual([
      'service_area',
      'price',
      'free_estimate_slots',
      'search_answers',
      'book_estimate',
      'hand_off',
    ]);
    expect(second!.messages.at(-2)).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'call_fake0' }] });
    expect(second!.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_fake0' });
  });

  it('answers a town from the gazetteer, and free hours from the appointment rules', async () => {
    script(call('service_area', { place: 'Willits' }), (req) => ({ chunks: [toolAnswer(req)] }));
    const area = await turn('Do you come out to Willits?');
    expect(area.reply).toMatch(/^Yes, Willits is in Mendocino County, in our service area\./);

    script(call('free_estimate_slots', { day: 'tomorrow' }), (req) => {
      const free = JSON.parse(req.messages.at(-1)!.content as string) as {
        days: { day: string; times: string[] }[];
      };
      return { chunks: [`${free.days[0]!.day} we have ${free.days[0]!.times.slice(0, 2).join(' or ')}.`] };
    });
    // 8 AM tomorrow is taken by a staff booking: the appointment rules leave it out.
    appointmentRepository(server.db).create({
      customerName: 'Booked By Staff',
      customerPhone: '+17075550111',
      customerEmail: null,
      address: '1 Staff Way, Garberville',
      serviceType: 'house-wash',
      preferredDate: '2026-11-24',
      preferredTime: '8:00 AM',
      notes: null,
    });
    const slots = await turn('Any openings tomorrow?');
    expect(slots.reply).toMatch(/^Tuesday, November 24 we have 9:00 AM or 10:00 AM\./);
    expect(slots.intent).toBe('scheduling');
    server.db.exec('DELETE FROM appointments');
  });

  it('answers from the same FAQ entry the no-model path would use, and counts it', async () => {
    script(call('search_answers', { question: 'Are you insured?' }), (req) => ({
      chunks: [toolAnswer(req)],
    }));
    const result = await turn('Are you guys insured?');
    expect(result.reply).toContain(INSURED);
    expect(result.knowledgeUsed).toEqual([expect.stringMatching(/^faq:\d+$/)]);
  });

  it('hands a booking to the booking conversation, and a request for a person to the hand-off', async () => {
    script(
      call('book_estimate', {
        name: 'Dana Whitfield',
        service: 'roof-cleaning',
        address: null,
        when: 'December 1 at 10 AM',
      }),
    );
    const booking = await turn('Could somebody look at my mossy roof, December 1st around 10, Dana here');
    expect(booking).toMatchObject({ answeredBy: 'model', intent: 'scheduling' });
    expect(booking.reply).toContain('What is the address of the property?');

    script(call('hand_off', { reason: 'wants the owner' }));
    const person = await turn('Could I get the owner on the line');
    expect(person).toMatchObject({ intent: 'handoff', action: { type: 'handoff' }, answeredBy: 'model' });
  });

  it(`stops after ${MAX_TOOL_ROUNDS} tool rounds: the last request allows no tool, and a model still calling falls back`, async () => {
    fake.setScenario(() => call('search_answers', { question: 'insured?' }));
    const result = await turn('Are you insured?');
    expect(fake.requests).toHaveLength(MAX_TOOL_ROUNDS + 1);
    expect(fake.requests.at(-1)!.tool_choice).toBe('none');
    expect(result).toMatchObject({ answeredBy: 'fallback' });
    expect(result.reply).toContain(INSURED);
  });
});

describe('whatever the model does, the caller gets a true answer', () => {
  it.each<[string, FakeScenario[]]>([
    ['arguments that are not JSON', [call('service_area', '{"place": "Willits"')]],
    ['arguments outside the schema', [call('price', { surface: 'deck', squareFeet: 'big', stories: null })]],
    ['a tool that does not exist', [call('transfer_money', {})]],
    ['a refusal', ['refusal']],
    ['a 500', ['server-error']],
    ['a quota error', ['quota']],
  ])('%s: the no-model answer', async (_what, steps) => {
    script(...steps);
    const heard: string[] = [];
    const result = await turn('Are you insured?', heard);
    expect(result).toMatchObject({ answeredBy: 'fallback' });
    expect(result.reply).toContain(INSURED);
    // Nothing was streamed: the channel sends the no-model reply whole, and it is what the log says.
    expect(heard).toEqual([]);
    expect(logged(result.responseId)).toBe(result.reply);
    expect(server.errors).toEqual([]);
  });

  it('a model that never answers: once the budget has passed on the clock, the no-model answer', async () => {
    script('hang');
    const pending = turn('Are you insured?');
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
    clock += BUDGET_MS;
    const result = await pending;
    expect(result).toMatchObject({ answeredBy: 'fallback' });
    expect(result.reply).toContain(INSURED);
  });

  it.each([
    ['a price', 'A house that size is $99 flat.', '$99'],
    ['a town', 'Yes, we come out to Eureka and Willits.', 'Eureka'],
  ])(
    'a reply with %s no tool gave is thrown away before a word of it is spoken',
    async (_what, said, invented) => {
      script(call('service_area', { place: 'Willits' }), { chunks: [said.slice(0, 10), said.slice(10)] });
      const heard: string[] = [];
      const result = await turn('Do you come out to Willits, and what would a house cost?', heard);
      expect(result.answeredBy).toBe('fallback');
      expect(heard.join('')).not.toContain(invented);
      expect(heard).toEqual([]);
    },
  );
});

describe('the streamed reply', () => {
  it('reaches the channel sentence by sentence, in order, and the log holds exactly what was sent', async () => {
    script(call('search_answers', { question: 'Are you insured?' }), {
      chunks: ['We are ', 'fully licensed', ' and insured. Our', ' crews are', ' trained', ' too.'],
    });
    const heard: string[] = [];
    const result = await turn('Are you insured?', heard);
    expect(heard).toEqual([
      'We are fully licensed and insured.',
      ' Our crews are trained too.',
      ' Is there anything else I can help you with?',
    ]);
    expect(result.reply).toBe(heard.join(''));
    expect(logged(result.responseId)).toBe(heard.join(''));
  });

  it('a sentence with an invented figure ends the reply there: what was already said stands and is logged', async () => {
    script(call('search_answers', { question: 'insured?' }), {
      chunks: ['We are fully insured. ', 'Our policy covers $2,000,000.', ' Call us.'],
    });
    const heard: string[] = [];
    const result = await turn('Are you insured?', heard);
    expect(result.answeredBy).toBe('model');
    expect(heard.join('')).toBe('We are fully insured. Is there anything else I can help you with?');
    expect(logged(result.responseId)).toBe(heard.join(''));
  });

  it('a stream that stops mid-reply: at the deadline the checked sentences stand', async () => {
    script(call('search_answers', { question: 'insured?' }), {
      chunks: ['We are fully insured. ', 'And we'],
      thenHang: true,
    });
    const heard: string[] = [];
    const pending = turn('Are you insured?', heard);
    await vi.waitFor(() => expect(heard).toEqual(['We are fully insured.']));
    clock += BUDGET_MS;
    const result = await pending;
    expect(result.reply).toBe('We are fully insured. Is there anything else I can help you with?');
    expect(logged(result.responseId)).toBe(heard.join(''));
  });

  it('a Spanish question is answered in Spanish, the turn marked es-US', async () => {
    script(call('price', { surface: 'house_soft_wash', squareFeet: 2000, stories: 1 }), (req) => {
      const range = /\$[\d,]+ - \$[\d,]+/.exec(toolAnswer(req))![0].replace(' - ', ' a ');
      return { chunks: [`Para una casa de un piso, el total sería de unos ${range}.`] };
    });
    const heard: string[] = [];
    const result = await turn('¿Cuánto cuesta lavar una casa de un piso de 2000 pies cuadrados?', heard);
    expect(result).toMatchObject({ answeredBy: 'model', language: 'es-US' });
    expect(result.reply).toMatch(/^Para una casa de un piso, el total sería de unos \$[\d,]+ a \$[\d,]+\.$/);
    expect(heard.join('')).toBe(result.reply);
    expect(fake.requests[0]!.messages[0]!.content).toContain('answer in Spanish');
  });

  it('a Spanish question the model answered in English is not marked Spanish', async () => {
    script(call('search_answers', { question: 'Are you insured?' }), (req) => ({
      chunks: [toolAnswer(req)],
    }));
    const result = await turn('¿Tienen seguro ustedes?');
    expect(result.reply).toContain(INSURED);
    expect(result.language).toBe('en-US');
  });
});
