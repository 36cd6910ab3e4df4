import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PRICED_SURFACES, DIFFICULTIES, photoAnalysisSchema } from '@washdesk/contract';
import { GOOD_ANALYSIS, startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { PHOTO_ANALYSIS_JSON_SCHEMA } from './openai-analyzer.ts';
import { toStrictJsonSchema } from './strict-json-schema.ts';

type Schema = Record<string, unknown>;

/** Every schema node in the tree, so a rule can be checked everywhere at once. */
const nodes = (schema: Schema): Schema[] => [
  schema,
  ...Object.values((schema.properties as Record<string, Schema> | undefined) ?? {}).flatMap(nodes),
  ...(schema.items ? nodes(schema.items as Schema) : []),
  ...((schema.anyOf as Schema[] | undefined) ?? []).flatMap(nodes),
];

const ALLOWED = new Set([
  'type',
  'properties',
  'required',
  'items',
  'enum',
  'const',
  'anyOf',
  'description',
  'additionalProperties',
]);

describe('the photo analysis schema sent to OpenAI (strict mode)', () => {
  const schema = PHOTO_ANALYSIS_JSON_SCHEMA;

  it('closes every object and requires every property', () => {
    const objects = nodes(schema).filter((n) => n.type === 'object');
    expect(objects).toHaveLength(2);
    for (const object of objects) {
      expect(object.additionalProperties).toBe(false);
      expect(object.required).toEqual(Object.keys(object.properties as Schema));
    }
  });

  it('keeps only the keywords strict mode accepts', () => {
    expect(schema).not.toHaveProperty('$schema');
    for (const node of nodes(schema)) {
      expect(Object.keys(node).filter((k) => !ALLOWED.has(k))).toEqual([]);
    }
  });

  it('keeps the contract enums and says the dropped limits in words', () => {
    const surface = (schema.properties as Record<string, Schema>).surfaces!.items as Schema;
    const fields = surface.properties as Record<string, Schema>;
    expect(fields.surfaceType!.enum).toEqual([...PRICED_SURFACES]);
    expect(fields.difficulty!.enum).toEqual([...DIFFICULTIES]);
    expect(fields.squareFootage).toEqual({ type: 'number', description: 'From 20 to 20000.' });
    expect(fields.confidence!.description).toBe('From 0 to 1.');
    expect((schema.properties as Record<string, Schema>).surfaces!.description).toBe('From 1 to 8 items.');
  });

  it('makes optional fields required and keeps nullable ones as anyOf', () => {
    const strict = toStrictJsonSchema(
      z.toJSONSchema(
        z.object({ a: z.string().describe('An A').optional(), b: z.number().int().nullable() }),
      ) as Schema,
    );
    expect(strict).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string', description: 'An A' },
        b: {
          anyOf: [{ type: 'integer' }, { type: 'null' }],
        },
      },
      required: ['a', 'b'],
      additionalProperties: false,
    });
  });
});

describe('why not the SDK’s zodResponseFormat (openai/helpers/zod)', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());

  const ask = (responseFormat: ResponseFormatJSONSchema) =>
    new OpenAI({ apiKey: 'sk-test-not-real', baseURL: fake.url, maxRetries: 0 }).chat.completions.create({
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'Analyze the photos.' }],
      response_format: responseFormat,
    });

  it('passes zod 4’s string limits on as maxLength, which strict mode refuses with a 400; ours is accepted', async () => {
    fake.setScenario('good');
    const sdkFormat = zodResponseFormat(photoAnalysisSchema, 'photo_analysis');
    expect(JSON.stringify(sdkFormat.json_schema.schema)).toContain('"maxLength":500');

    await expect(ask(sdkFormat)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining(
        "Invalid schema for response_format 'photo_analysis': In context=('properties', 'surfaces', 'items', 'properties', 'notes'), 'maxLength' is not permitted.",
      ),
    });
    const ours = await ask({
      type: 'json_schema',
      json_schema: { name: 'photo_analysis', strict: true, schema: PHOTO_ANALYSIS_JSON_SCHEMA },
    });
    expect(JSON.parse(ours.choices[0]!.message.content!)).toEqual(GOOD_ANALYSIS);
  });
});
