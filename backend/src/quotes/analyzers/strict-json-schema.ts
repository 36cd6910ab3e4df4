// OpenAI's structured outputs in strict mode accept only a subset of JSON Schema: every object
// closed (`additionalProperties: false`) with every property listed in `required`, and none of
// the size keywords. The contract's zod schema stays the single source of truth; this trims the
// JSON Schema zod derives from it, and photoAnalysisSchema still checks the answer afterwards.
//
// Why not the SDK's zodResponseFormat (openai/helpers/zod)? With zod 4 it closes the objects and
// lists every property as required, but passes the contract's string limits on as `maxLength`,
// which strict mode refuses ("'maxLength' is not permitted", a 400 for every photo quote, so every
// customer would get the local estimate). Here the limits become words in the description instead;
// strict-json-schema.test.ts shows both against the fake OpenAI, which refuses such schemas too.

type JsonSchema = { [key: string]: unknown };

const KEPT = ['type', 'enum', 'const', 'description'] as const;

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A range in words; zod's integer bounds (±2^53) say nothing to the model and are left out. */
function range(min: unknown, max: unknown, unit: string): string | undefined {
  const useful = (n: unknown): n is number => typeof n === 'number' && Math.abs(n) < Number.MAX_SAFE_INTEGER;
  if (useful(min) && useful(max)) return `From ${min} to ${max}${unit}.`;
  if (useful(min)) return `At least ${min}${unit}.`;
  if (useful(max)) return `At most ${max}${unit}.`;
  return undefined;
}

/** The dropped limits, in words, so the model still knows them (the zod check enforces them). */
const limitsInWords = (schema: JsonSchema): string[] =>
  [
    range(schema.minimum, schema.maximum, ''),
    range(schema.minLength, schema.maxLength, ' characters'),
    range(schema.minItems, schema.maxItems, ' items'),
  ].filter((words) => words !== undefined);

/** Reduces a JSON Schema (as from zod's `z.toJSONSchema`) to what OpenAI's strict mode accepts. */
export function toStrictJsonSchema(schema: JsonSchema): JsonSchema {
  const strict: JsonSchema = {};
  for (const key of KEPT) if (schema[key] !== undefined) strict[key] = schema[key];
  const words = limitsInWords(schema);
  if (words.length > 0) {
    strict.description = [typeof schema.description === 'string' ? schema.description : '', ...words]
      .filter(Boolean)
      .join(' ');
  }
  if (Array.isArray(schema.anyOf)) strict.anyOf = schema.anyOf.filter(isSchema).map(toStrictJsonSchema);
  if (isSchema(schema.items)) strict.items = toStrictJsonSchema(schema.items);
  if (isSchema(schema.properties)) {
    const properties = Object.entries(schema.properties).filter(([, value]) => isSchema(value));
    strict.properties = Object.fromEntries(
      properties.map(([name, value]) => [name, toStrictJsonSchema(value as JsonSchema)]),
    );
    // Strict mode has no optional properties: the model must always send each one.
    strict.required = properties.map(([name]) => name);
  }
  if (strict.type === 'object' || strict.properties) strict.additionalProperties = false;
  return strict;
}
