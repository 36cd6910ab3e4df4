import { callSchema, type Call } from '@washdesk/contract';

/** The call as the server has it now, read with the window's session; null when it cannot be read. */
export async function lookupCall(
  serverUrl: URL,
  cookie: string | null,
  id: number,
  request: typeof fetch = fetch,
): Promise<Call | null> {
  if (!cookie) return null;
  const response = await request(new URL(`/api/calls/${id}`, serverUrl), { headers: { Cookie: cookie } });
  const call = callSchema.safeParse(response.ok ? await response.json() : null);
  return call.success ? call.data : null;
}
