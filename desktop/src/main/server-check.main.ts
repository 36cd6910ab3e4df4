import { healthSchema, publicProfileSchema } from '@washdesk/contract';
import type { ServerCheck } from '../shared/desktop-bridge.ts';
import { parseServerUrl } from './server-url.main.ts';

export interface ServerCheckOptions {
  fetch?: typeof fetch;
  /** How long the server has to answer; a server that hangs is as good as unreachable. */
  budgetMs?: number;
}

const networkProblem = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  if ((error as Error).name === 'TimeoutError') return 'it did not answer in time';
  if (cause === 'ECONNREFUSED') return 'nothing is listening at that address';
  if (cause === 'ENOTFOUND' || cause === 'EAI_AGAIN') return 'that name was not found';
  if (typeof cause === 'string' && /CERT|SSL|TLS/i.test(cause)) return 'its certificate is not trusted';
  return 'the connection failed';
};

/**
 * Whether a Washdesk server answers at the address: its /api/health says it is healthy, and its
 * public profile names the business the person should recognise before the address is saved.
 */
export async function checkServer(typed: string, options: ServerCheckOptions = {}): Promise<ServerCheck> {
  const url = parseServerUrl(typed);
  if (!url)
    return {
      ok: false,
      problem: 'invalid-url',
      message: `"${typed.trim()}" is not a web address, e.g. https://washdesk.example.com`,
    };
  const get = (path: string) =>
    (options.fetch ?? fetch)(new URL(path, url), {
      headers: { Accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(options.budgetMs ?? 10_000),
    });
  const origin = url.origin;
  let healthResponse: Response;
  try {
    healthResponse = await get('/api/health');
  } catch (error) {
    return {
      ok: false,
      problem: 'unreachable',
      message: `${origin} cannot be reached: ${networkProblem(error)}.`,
    };
  }
  const health = healthSchema.safeParse(await healthResponse.json().catch(() => null));
  if (!health.success)
    return {
      ok: false,
      problem: 'not-washdesk',
      message: `${origin} answered, but it is not a Washdesk server.`,
    };
  if (!health.data.ok)
    return {
      ok: false,
      problem: 'unhealthy',
      message: `${origin} is a Washdesk server, but it reports a problem with its database. Ask whoever runs it.`,
    };
  try {
    const profile = publicProfileSchema.safeParse(await (await get('/api/public/profile')).json());
    if (!profile.success)
      return {
        ok: false,
        problem: 'not-washdesk',
        message: `${origin} answered, but it is not a Washdesk server.`,
      };
    return {
      ok: true,
      serverUrl: origin,
      businessName: profile.data.businessName,
      version: health.data.version,
    };
  } catch (error) {
    return {
      ok: false,
      problem: 'unreachable',
      message: `${origin} cannot be reached: ${networkProblem(error)}.`,
    };
  }
}
