import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { APPOINTMENT_SERVICE_TYPES, PRICED_SURFACES, type AiIntent } from '@washdesk/contract';
import { toStrictJsonSchema } from '../../quotes/analyzers/strict-json-schema.ts';
import { priceOfJob, jobPriceReply } from '../tools/job-price.ts';
import { serviceAreaOf, serviceAreaReply, type ServiceAreaConfig } from '../tools/service-area.ts';
import type { FreeDay } from './free-estimate-slots.ts';

// The tools the model may call. The model chooses which and with what the caller said; the tools
// decide every fact (a town's county, a total, a free hour, an FAQ answer). A tool's `said` text
// is what the reply may repeat: its figures and places are the only ones the reply may contain.

const ARGS = {
  service_area: z.object({
    place: z.string().describe('The town or place the caller asked about, as they said it.'),
  }),
  price: z.object({
    surface: z.enum(PRICED_SURFACES).describe('What is to be cleaned.'),
    squareFeet: z.number().positive().max(100_000).nullable().describe('The size the caller gave, or null.'),
    stories: z.number().int().min(1).max(4).nullable().describe('Stories of the home, or null.'),
  }),
  free_estimate_slots: z.object({
    day: z
      .string()
      .nullable()
      .describe(
        'The day the caller asked about as they said it ("tomorrow", "the 8th"), or null for the next days.',
      ),
  }),
  search_answers: z.object({
    question: z.string().describe("The caller's question, in English."),
  }),
  book_estimate: z.object({
    name: z.string().nullable(),
    service: z.enum(APPOINTMENT_SERVICE_TYPES).nullable(),
    address: z.string().nullable(),
    when: z
      .string()
      .nullable()
      .describe('The day and time as the caller said it, e.g. "next Tuesday at 10".'),
  }),
  hand_off: z.object({ reason: z.string().describe('Why the caller wants a person, in a few words.') }),
} as const;
export type ToolName = keyof typeof ARGS;
export type BookingDetails = z.infer<typeof ARGS.book_estimate>;

const DESCRIPTIONS: Record<ToolName, string> = {
  service_area: 'Whether we serve a town or place, and its county.',
  price: 'The total price range of a job from the pricing engine, or the detail still needed.',
  free_estimate_slots: 'The free times for an on-site estimate on a day, or on the next days.',
  search_answers: "The business's own answer (FAQ and common responses) to a question, if it has one.",
  book_estimate:
    'The caller wants to book a free estimate: pass what they said. The booking conversation takes over.',
  hand_off: 'The caller asked for a person: they are put through or called back.',
};

export const TOOL_DEFINITIONS: ChatCompletionTool[] = (Object.keys(ARGS) as ToolName[]).map((name) => ({
  type: 'function',
  function: {
    name,
    description: DESCRIPTIONS[name],
    strict: true,
    parameters: toStrictJsonSchema(z.toJSONSchema(ARGS[name]) as Record<string, unknown>),
  },
}));

/** What a tool call came to. */
export interface ToolOutcome {
  /** Sent back to the model as the tool's result. */
  result: object;
  /** The words the reply may repeat; their figures and places are the only ones it may contain. */
  said: string;
  intent?: AiIntent;
  usedFacts?: string[];
  /** The turn ends here, without a written reply: the booking conversation or the hand-off answers. */
  final?: { kind: 'booking'; details: BookingDetails } | { kind: 'handoff'; reason: string };
}

export interface ToolDeps {
  area: ServiceAreaConfig;
  /** The no-model path's retrieval, so both paths answer from the same entries. */
  search(question: string): { found: boolean; answer: string; usedFacts: string[]; intent: AiIntent };
  freeSlots(day?: string): { days: FreeDay[] } | { error: string };
}

/** Arguments the model sent that are not JSON or not in the tool's shape: the turn falls back. */
export class BadToolCall extends Error {}

export function assistantTools(deps: ToolDeps) {
  function parse<N extends ToolName>(name: N, raw: string): z.infer<(typeof ARGS)[N]> {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new BadToolCall(`${name}: arguments are not JSON`);
    }
    const parsed = ARGS[name].safeParse(json);
    if (!parsed.success)
      throw new BadToolCall(`${name}: ${parsed.error.issues[0]?.message ?? 'bad arguments'}`);
    return parsed.data as z.infer<(typeof ARGS)[N]>;
  }

  return {
    run(name: string, raw: string): ToolOutcome {
      switch (name) {
        case 'service_area': {
          const answer = serviceAreaOf(parse(name, raw).place, deps.area);
          const said = serviceAreaReply(answer, deps.area);
          return { result: { answer: said }, said, intent: 'service_area' };
        }
        case 'price': {
          const { surface, squareFeet, stories } = parse(name, raw);
          const price = priceOfJob({
            surfaces: [surface],
            unpricedSurfaces: [],
            size: squareFeet ? { squareFeet, from: 'caller' } : undefined,
            stories: stories ?? undefined,
            aboutTheHome: surface === 'house_soft_wash',
          });
          const said = jobPriceReply(price);
          const range = price.kind === 'priced' ? price.range : null;
          return { result: { answer: said, range }, said, intent: 'pricing', usedFacts: ['prices'] };
        }
        case 'free_estimate_slots': {
          const free = deps.freeSlots(parse(name, raw).day ?? undefined);
          const said =
            'error' in free
              ? free.error
              : free.days.map((d) => `${d.day}: ${d.times.join(', ') || 'fully booked'}.`).join(' ') ||
                'No free times in the next days.';
          return { result: free, said, intent: 'scheduling' };
        }
        case 'search_answers': {
          const found = deps.search(parse(name, raw).question);
          const result = found.found
            ? { answer: found.answer }
            : { answer: null, note: 'No entry answers this.' };
          return {
            result,
            said: found.found ? found.answer : '',
            intent: found.intent,
            usedFacts: found.usedFacts,
          };
        }
        case 'book_estimate':
          return {
            result: {},
            said: '',
            intent: 'scheduling',
            final: { kind: 'booking', details: parse(name, raw) },
          };
        case 'hand_off':
          return {
            result: {},
            said: '',
            intent: 'handoff',
            final: { kind: 'handoff', reason: parse(name, raw).reason },
          };
        default:
          throw new BadToolCall(`no tool named "${name}"`);
      }
    },
  };
}
export type AssistantTools = ReturnType<typeof assistantTools>;
