import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatCompletionContentPart } from 'openai/resources/chat/completions';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  GOOD_ANALYSIS,
  startFakeOpenAi,
  type FakeOpenAi,
  type FakeScenario,
} from '../../test/fake-openai.ts';
import { fixturePhoto } from '../../test/test-server.ts';
import { createOpenAiAnalyzer, DEFAULT_OPENAI_MODEL, PHOTO_ANALYSIS_JSON_SCHEMA } from './openai-analyzer.ts';
import { AnalysisFailure, type AnalysisInput } from './photo-analyzer.ts';

// The real SDK against the fake on 127.0.0.1: what is asserted here is what OpenAI would see.

let fake: FakeOpenAi;
let small: Buffer;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  small = fs.readFileSync(fixturePhoto('pixel-gps-orientation1.jpg'));
});
afterAll(() => fake.close());
beforeEach(() => fake.requests.splice(0));

const input = (photos: Buffer[] = [small]): AnalysisInput => ({
  photos,
  serviceType: 'House Soft Wash',
  notes: 'Two-story house, green on the north side.',
});
// Deadlines are measured on an injected clock. Stopped at 0, it makes every decision about time
// (is a retry worth it? is there time left?) the same on a fast or a loaded machine.
const stopped = () => 0;
/** Plenty of time: a retry is allowed (at least 4 s left after a failure). */
const roomy = () => 10_000;
const analyzer = (now: () => number = stopped) =>
  createOpenAiAnalyzer({ apiKey: 'sk-test-not-real', baseUrl: fake.url, now });

async function failureOf(promise: Promise<unknown>): Promise<AnalysisFailure> {
  const error = await promise.then(
    () => expect.unreachable('the analysis should have failed'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AnalysisFailure);
  return error as AnalysisFailure;
}

const userParts = (n = 0) => fake.requests[n]!.messages[1]!.content as ChatCompletionContentPart[];
const sentImages = (n = 0) =>
  userParts(n).flatMap((part) => {
    if (part.type !== 'image_url') return [];
    const match = /^data:image\/jpeg;base64,(.+)$/.exec(part.image_url.url);
    expect(match, 'a JPEG data URL').not.toBeNull();
    expect(part.image_url.detail).toBe('low');
    return [Buffer.from(match![1]!, 'base64')];
  });

describe('OpenAI photo analyzer: a good answer', () => {
  it('resolves with the validated analysis and asks for strict structured output', async () => {
    fake.setScenario('good');
    const photoAnalyzer = analyzer();
    expect(photoAnalyzer).toMatchObject({ provider: 'openai', model: DEFAULT_OPENAI_MODEL });

    await expect(photoAnalyzer.analyze(input(), roomy())).resolves.toEqual(GOOD_ANALYSIS);
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.model).toBe('gpt-4.1-mini');
    expect(request.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'photo_analysis', strict: true, schema: PHOTO_ANALYSIS_JSON_SCHEMA },
    });
    expect(request.messages[0]).toMatchObject({
      role: 'system',
      content: expect.stringContaining('Never give prices'),
    });
    const [text, ...images] = userParts();
    expect(text).toMatchObject({ type: 'text', text: expect.stringContaining('House Soft Wash') });
    expect(text).toMatchObject({ text: expect.stringContaining('green on the north side') });
    expect(images).toHaveLength(1);
  });

  it('uses the configured model', async () => {
    fake.setScenario('good');
    const custom = createOpenAiAnalyzer({
      apiKey: 'sk-test-not-real',
      baseUrl: fake.url,
      model: 'gpt-4.1',
      now: stopped,
    });
    await custom.analyze(input(), roomy());
    expect(custom.model).toBe('gpt-4.1');
    expect(fake.requests[0]!.model).toBe('gpt-4.1');
  });

  it('sends at most 5 photos, upright, at most 512 px, without EXIF or GPS', async () => {
    fake.setScenario('good');
    // Read raw from disk: the iPhone photo carries GPS and orientation 3 (upside down), the
    // Samsung one orientation 6 (a portrait stored sideways).
    const iphone = fs.readFileSync(fixturePhoto('iphone5-gps-orientation3.jpg'));
    const samsung = fs.readFileSync(fixturePhoto('samsung-j327-orientation6.jpg'));
    expect((await sharp(iphone).metadata()).exif).toBeDefined();

    await analyzer().analyze(input([iphone, samsung, small, small, small, small]), roomy());
    const images = sentImages();
    expect(images).toHaveLength(5);
    const [upsideDown, sideways] = await Promise.all(images.slice(0, 2).map((i) => sharp(i).metadata()));
    for (const meta of [upsideDown!, sideways!]) {
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(512);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    expect(upsideDown!.width).toBeGreaterThanOrEqual(upsideDown!.height);
    expect(sideways).toMatchObject({ width: 384, height: 512 });
  });
});

describe('OpenAI photo analyzer: every way the model can fail', () => {
  it.each([
    ['malformed', 'malformed', 2],
    ['refusal', 'refusal', 1],
    ['out-of-range', 'out_of_range', 1],
    ['rate-limit', 'rate_limited', 2],
    ['quota', 'quota', 1],
    ['server-error', 'server_error', 2],
  ] as const)('%s ends as %s after %i request(s)', async (scenario, reason, requests) => {
    fake.setScenario(scenario);
    const failure = await failureOf(analyzer().analyze(input(), roomy()));
    expect(failure.reason).toBe(reason);
    expect(fake.requests).toHaveLength(requests);
  });

  it('passes on the refusal text and the out-of-range fields for the staff to read', async () => {
    fake.setScenario('refusal');
    expect((await failureOf(analyzer().analyze(input(), roomy()))).message).toBe("I can't help with that.");
    fake.setScenario('out-of-range');
    const failure = await failureOf(analyzer().analyze(input(), roomy()));
    expect(failure.message).toMatch(/surfaces\.0\.squareFootage.*surfaces\.0\.confidence/);
  });

  it.each([
    ['gutter_cleaning', 'an unknown surface', 'out_of_range', 1],
    [{ surfaces: 'lots' }, 'an answer of the wrong shape', 'malformed', 2],
  ] as const)('custom content with %s (%s) ends as %s', async (content, _what, reason, requests) => {
    const answer =
      typeof content === 'string'
        ? { ...GOOD_ANALYSIS, surfaces: [{ ...GOOD_ANALYSIS.surfaces[0]!, surfaceType: content }] }
        : content;
    fake.setScenario({ content: answer });
    expect((await failureOf(analyzer().analyze(input(), roomy()))).reason).toBe(reason);
    expect(fake.requests).toHaveLength(requests);
  });

  it.each(['server-error', 'rate-limit', 'malformed'] as const)(
    'succeeds when the retry after %s is answered',
    async (first) => {
      fake.setScenario((attempt): FakeScenario => (attempt === 1 ? first : 'good'));
      await expect(analyzer().analyze(input(), roomy())).resolves.toEqual(GOOD_ANALYSIS);
      expect(fake.requests).toHaveLength(2);
    },
  );

  it('does not retry when less than 4 s would be left', async () => {
    fake.setScenario('server-error');
    const failure = await failureOf(analyzer().analyze(input(), 3_500));
    expect(failure.reason).toBe('server_error');
    expect(fake.requests).toHaveLength(1);
  });

  it('does not retry when the first try used up the time a second would need', async () => {
    let now = 0;
    // The first try "takes" 7 s of a 10 s budget: 3 s are left, less than a retry needs.
    fake.setScenario(() => {
      now = 7_000;
      return 'server-error';
    });
    const failure = await failureOf(analyzer(() => now).analyze(input(), 10_000));
    expect(failure.reason).toBe('server_error');
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up on a server that hangs when the deadline (less its margin) comes', async () => {
    fake.setScenario('hang');
    // 1 s to the deadline, 0.5 s of it kept back: the request is cut after 0.5 s, and 1 s is too
    // little for a retry.
    const failure = await failureOf(analyzer().analyze(input(), 1_000));
    expect(failure).toMatchObject({ reason: 'timeout', message: 'OpenAI did not answer in time' });
    expect(fake.requests).toHaveLength(1);
  });

  it('does not call at all when the deadline leaves no time', async () => {
    const failure = await failureOf(analyzer().analyze(input(), 400));
    expect(failure.reason).toBe('timeout');
    expect(fake.requests).toHaveLength(0);
  });

  it('reports an unreachable API as a network failure', async () => {
    // A port that was just free: nothing listens there, so the connection is refused.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const offline = createOpenAiAnalyzer({
      apiKey: 'sk-test-not-real',
      baseUrl: `http://127.0.0.1:${port}/v1`,
      now: stopped,
    });
    expect((await failureOf(offline.analyze(input(), roomy()))).reason).toBe('network');
  });

  it('refuses an analysis without photos rather than guessing from words alone', async () => {
    expect((await failureOf(analyzer().analyze(input([]), roomy()))).reason).toBe('malformed');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('the fake OpenAI itself', () => {
  it('drops a hanging request on close, so a test run never waits for it', async () => {
    const own = await startFakeOpenAi();
    own.setScenario('hang');
    const pending = fetch(`${own.url}/chat/completions`, { method: 'POST', body: '{"model":"m"}' });
    await expect.poll(() => own.requests.length).toBe(1);
    await own.close();
    await expect(pending).rejects.toThrow();
  });

  it('refuses a scenario it does not know', async () => {
    expect(() => fake.setScenario('flaky')).toThrow(/no scenario "flaky"/);
  });
});
