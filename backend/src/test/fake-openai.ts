import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ChatCompletionCreateParams } from 'openai/resources/chat/completions';
import type { PhotoAnalysis } from '@washdesk/contract';
import { holdKeptAliveSockets } from '../http/keep-alive.ts';

// A stand-in for api.openai.com on 127.0.0.1: the real SDK talks to it over HTTP, so tests cover
// the SDK's request building, error classes and timeouts, not a mock of them. Bodies follow
// OpenAI's documented chat.completion and error formats.

export const FAKE_SCENARIOS = [
  'good',
  'malformed',
  'refusal',
  'out-of-range',
  'rate-limit',
  'quota',
  'server-error',
  'hang',
] as const;
export type FakeScenarioName = (typeof FAKE_SCENARIOS)[number];
/** A function the model calls, its arguments as the raw JSON text the API sends (possibly broken). */
export interface FakeToolCall {
  name: string;
  arguments: string;
}
/**
 * A named scenario, or a 200 answer: message content (objects are sent as JSON text), tool calls,
 * or (for a streamed request) the content's pieces as they arrive, optionally then hanging with
 * the stream left open. A non-streamed request gets the pieces joined.
 */
export type FakeScenario =
  | FakeScenarioName
  | { content: string | object }
  | { toolCalls: FakeToolCall[] }
  | { chunks: string[]; thenHang?: boolean };
/** Names are plain strings so table-driven tests can pass them; unknown ones are refused. */
type ScenarioSetting =
  FakeScenario | string | ((attempt: number, request: ChatCompletionCreateParams) => FakeScenario | string);

/** What a careful model says about a two-story house with a driveway. */
export const GOOD_ANALYSIS: PhotoAnalysis = {
  surfaces: [
    {
      surfaceType: 'house_soft_wash',
      squareFootage: 1800,
      difficulty: 'moderate',
      confidence: 0.86,
      notes: 'Two-story stucco and siding with green algae on the north wall.',
    },
    {
      surfaceType: 'concrete_cleaning',
      squareFootage: 450,
      difficulty: 'easy',
      confidence: 0.9,
      notes: 'Two-car driveway with tire marks and light staining.',
    },
  ],
  recommendedServices: ['House soft wash', 'Driveway cleaning'],
  notes: 'Measured from the garage door and the front door.',
};

const OUT_OF_RANGE = {
  ...GOOD_ANALYSIS,
  surfaces: [{ ...GOOD_ANALYSIS.surfaces[0]!, squareFootage: 900_000, confidence: 1.7 }],
};

type Answer =
  | { status: number; body: object }
  | 'hang'
  /** A 200 whose message is this (streamed as chunks when the request asked for a stream). */
  | { message: FakeMessage };
interface FakeMessage {
  content: string[] | null;
  refusal: string | null;
  toolCalls: FakeToolCall[];
  thenHang: boolean;
}
const message = (m: Partial<FakeMessage>): Answer => ({
  message: { content: null, refusal: null, toolCalls: [], thenHang: false, ...m },
});

const apiError = (status: number, message: string, type: string, code: string | null): Answer => ({
  status,
  body: { error: { message, type, param: null, code } },
});

const toolCallsOf = (calls: FakeToolCall[]) =>
  calls.map((c, i) => ({ id: `call_fake${i}`, type: 'function', function: c }));

function completion(model: string, m: FakeMessage): { status: number; body: object } {
  const content = m.content?.join('') ?? null;
  return {
    status: 200,
    body: {
      id: `chatcmpl-fake${Date.now()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content,
            refusal: m.refusal,
            annotations: [],
            ...(m.toolCalls.length ? { tool_calls: toolCallsOf(m.toolCalls) } : {}),
          },
          logprobs: null,
          finish_reason: m.toolCalls.length ? 'tool_calls' : 'stop',
        },
      ],
      usage: { prompt_tokens: 1017, completion_tokens: 142, total_tokens: 1159 },
      service_tier: 'default',
      system_fingerprint: 'fp_fake',
    },
  };
}

/**
 * The chat.completion.chunk events of a streamed answer, as OpenAI sends them: the role first,
 * then content (or refusal) pieces, tool calls with their arguments split across two events (so a
 * client must join them), and the finish reason.
 */
function chunksOf(model: string, m: FakeMessage): object[] {
  const base = { id: 'chatcmpl-fakestream', object: 'chat.completion.chunk', created: 0, model };
  const chunk = (delta: object, finish: string | null = null) => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  const events = [chunk({ role: 'assistant', content: '', refusal: null })];
  for (const piece of m.content ?? []) events.push(chunk({ content: piece }));
  if (m.refusal) events.push(chunk({ refusal: m.refusal }));
  toolCallsOf(m.toolCalls).forEach((call, index) => {
    const half = Math.ceil(call.function.arguments.length / 2);
    const args = call.function.arguments;
    events.push(
      chunk({
        tool_calls: [
          {
            index,
            id: call.id,
            type: 'function',
            function: { name: call.function.name, arguments: args.slice(0, half) },
          },
        ],
      }),
      chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] }),
    );
  });
  if (!m.thenHang) events.push(chunk({}, m.toolCalls.length ? 'tool_calls' : 'stop'));
  return events;
}

function answerFor(scenario: FakeScenario | string, model: string): Answer {
  if (typeof scenario === 'object') {
    if ('toolCalls' in scenario) return message({ toolCalls: scenario.toolCalls });
    if ('chunks' in scenario) return message({ content: scenario.chunks, thenHang: !!scenario.thenHang });
    const { content } = scenario;
    return message({ content: [typeof content === 'string' ? content : JSON.stringify(content)] });
  }
  switch (scenario as FakeScenarioName) {
    case 'good':
      return message({ content: [JSON.stringify(GOOD_ANALYSIS)] });
    case 'malformed':
      return message({ content: ['Sure! Here is {not json'] });
    case 'refusal':
      return message({ refusal: "I can't help with that." });
    case 'out-of-range':
      return message({ content: [JSON.stringify(OUT_OF_RANGE)] });
    case 'rate-limit':
      return apiError(
        429,
        `Rate limit reached for ${model} on requests per min (RPM): Limit 3, Used 3, Requested 1.`,
        'requests',
        'rate_limit_exceeded',
      );
    case 'quota':
      return apiError(
        429,
        'You exceeded your current quota, please check your plan and billing details.',
        'insufficient_quota',
        'insufficient_quota',
      );
    case 'server-error':
      return apiError(
        500,
        'The server had an error while processing your request. Sorry about that!',
        'server_error',
        null,
      );
    case 'hang':
      return 'hang';
    default:
      return apiError(400, `The fake has no scenario "${scenario}"`, 'invalid_request_error', null);
  }
}

/**
 * A scripted assistant model that answers at once: it looks every question up with the
 * assistant's search_answers tool, then says what the tool answered (streamed in two pieces), or
 * that it has no answer. For the bench and the evaluation run against a model: it exercises the
 * whole tool-calling path without a real model's judgement.
 */
export function lookItUp(_attempt: number, request: ChatCompletionCreateParams): FakeScenario {
  const last = request.messages.at(-1);
  if (last?.role === 'user')
    return { toolCalls: [{ name: 'search_answers', arguments: JSON.stringify({ question: last.content }) }] };
  const tool = request.messages.findLast((m) => m.role === 'tool');
  const found = tool ? (JSON.parse(tool.content as string) as { answer: string | null }).answer : null;
  const said = found ?? "I don't have that information, I'll have someone from the office call you back.";
  const half = Math.floor(said.length / 2);
  return { chunks: [said.slice(0, half), said.slice(half)] };
}

/**
 * OpenAI refuses a strict json_schema response format that uses a keyword outside its documented
 * subset, e.g. "Invalid schema for response_format 'x': In context=('properties', 'title'),
 * 'maxLength' is not permitted." (numbers' minimum/maximum and arrays' minItems/maxItems are allowed;
 * string lengths are not). The fake answers the same 400, so a schema the real API would refuse
 * fails here too.
 */
const NOT_PERMITTED = ['minLength', 'maxLength', 'patternProperties', 'minProperties', 'maxProperties'];

function strictSchemaProblem(schema: unknown, context: string[] = []): string | null {
  if (typeof schema !== 'object' || schema === null) return null;
  const where = `In context=(${context.map((c) => `'${c}'`).join(', ')}), `;
  for (const keyword of NOT_PERMITTED) {
    if (keyword in schema) return `${where}'${keyword}' is not permitted.`;
  }
  const node = schema as Record<string, unknown>;
  if (node.type === 'object') {
    if (node.additionalProperties !== false) {
      return `${where}'additionalProperties' is required to be supplied and to be false.`;
    }
    const properties = Object.keys((node.properties as object) ?? {});
    const required = (node.required as string[]) ?? [];
    const missing = properties.find((name) => !required.includes(name));
    if (missing)
      return `${where}'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      for (const [name, child] of Object.entries(value)) {
        const problem = strictSchemaProblem(child, [...context, 'properties', name]);
        if (problem) return problem;
      }
    } else if (key === 'items' || key === 'anyOf') {
      const children = Array.isArray(value) ? value : [value];
      for (const child of children) {
        const problem = strictSchemaProblem(child, [...context, key]);
        if (problem) return problem;
      }
    }
  }
  return null;
}

function responseFormatProblem(body: ChatCompletionCreateParams): Answer | null {
  // Strict function tools are held to the same subset ("Invalid schema for function 'x': …").
  for (const tool of body.tools ?? []) {
    if (tool.type !== 'function' || !tool.function.strict) continue;
    const problem = strictSchemaProblem(tool.function.parameters);
    if (problem)
      return apiError(
        400,
        `Invalid schema for function '${tool.function.name}': ${problem}`,
        'invalid_request_error',
        null,
      );
  }
  const format = body.response_format;
  if (format?.type !== 'json_schema' || !format.json_schema.strict) return null;
  const problem = strictSchemaProblem(format.json_schema.schema);
  if (!problem) return null;
  return apiError(
    400,
    `Invalid schema for response_format '${format.json_schema.name}': ${problem}`,
    'invalid_request_error',
    null,
  );
}

export interface FakeOpenAi {
  /** The SDK's `baseURL`, e.g. http://127.0.0.1:PORT/v1 */
  url: string;
  /** Every JSON body POSTed to /v1/chat/completions, in order, across scenarios. */
  requests: ChatCompletionCreateParams[];
  /** A fixed answer, or one per attempt (1 = the first request after this call) and request. */
  setScenario(scenario: ScenarioSetting): void;
  /** Stops listening and drops every connection, including requests left hanging. */
  close(): Promise<void>;
}

/** Server-sent events, as the API streams: one `data:` line per chunk, then `[DONE]`. */
function stream(res: http.ServerResponse, events: object[], thenHang: boolean) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'x-request-id': 'req_fake_stream' });
  for (const event of events) res.write(`data: ${JSON.stringify(event)}\n\n`);
  if (!thenHang) res.end('data: [DONE]\n\n'); // else open until the client gives up or close()
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: ChatCompletionCreateParams[] = [];
  const sockets = new Set<Socket>();
  let setting: ScenarioSetting = 'good';
  let attempt = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let answer: Answer;
      let body: ChatCompletionCreateParams | undefined;
      if (req.method !== 'POST' || !req.url?.endsWith('/v1/chat/completions')) {
        answer = apiError(404, `Invalid URL (${req.method} ${req.url})`, 'invalid_request_error', null);
      } else {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatCompletionCreateParams;
        requests.push(body);
        attempt += 1;
        answer =
          responseFormatProblem(body) ??
          answerFor(typeof setting === 'function' ? setting(attempt, body) : setting, body.model);
      }
      if (answer === 'hang') return; // the socket stays open until the client gives up or close()
      if ('message' in answer) {
        if (!body?.stream) answer = completion(body!.model, answer.message);
        else return void stream(res, chunksOf(body.model, answer.message), answer.message.thenHang);
      }
      res.writeHead(answer.status, {
        'Content-Type': 'application/json',
        'x-request-id': `req_fake_${requests.length}`,
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // As the real server does: the SDK's kept-alive socket must not be closed under its next request.
  holdKeptAliveSockets(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setScenario(scenario) {
      if (typeof scenario === 'string' && !(FAKE_SCENARIOS as readonly string[]).includes(scenario)) {
        throw new Error(`The fake OpenAI has no scenario "${scenario}"`);
      }
      setting = scenario;
      attempt = 0;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
