import type { PublicPlanVisit } from '@washdesk/contract';

// The plan-visit page's calls. No zod here (the public bundle stays small): the server's answer is
// the contract's PublicPlanVisit, and a refusal carries { error: { message } } worded for the customer.

export type PlanVisitResult =
  | { kind: 'plan'; visit: PublicPlanVisit }
  | { kind: 'booked'; date: string; time: string }
  | { kind: 'refused'; status: number; message: string };

const refusalOf = async (response: Response, body: unknown): Promise<PlanVisitResult> => {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return {
    kind: 'refused',
    status: response.status,
    message: typeof message === 'string' ? message : `${response.status}: ${response.statusText}`,
  };
};
const url = (token: string) => `/api/public/plan-visits/${encodeURIComponent(token)}`;

export async function fetchPlanVisit(token: string): Promise<PlanVisitResult> {
  const response = await fetch(url(token));
  const body: unknown = await response.json().catch(() => null);
  if (
    response.ok &&
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as PublicPlanVisit).days)
  )
    return { kind: 'plan', visit: body as PublicPlanVisit };
  return refusalOf(response, body);
}

export async function pickSlot(token: string, date: string, time: string): Promise<PlanVisitResult> {
  const response = await fetch(`${url(token)}/pick`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ date, time }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { kind: 'booked', date, time };
  return refusalOf(response, body);
}
