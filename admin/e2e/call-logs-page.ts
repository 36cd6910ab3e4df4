import { expect, type Page } from '@playwright/test';
import type { AiResponse, Call, CallCounts } from '@washdesk/contract';

/** Call Logs as staff see it: the calls table, its filters and a call's details. */
export class CallLogsPage {
  constructor(readonly page: Page) {}

  get table() {
    return this.page.getByRole('table', { name: 'Recent Calls' });
  }

  /** The calls on screen (the placeholders while loading are hidden rows). */
  get rows() {
    return this.table.locator('tbody tr:not([aria-hidden])');
  }

  filter(name: 'All' | 'Missed' | 'Callback requested') {
    return this.page.getByRole('radio', { name: new RegExp(`^${name}( \\(|$)`) });
  }

  get details() {
    return this.page.getByRole('dialog');
  }

  get pager() {
    return this.page.getByRole('navigation', { name: 'Call log pages' });
  }

  /** What the API answers, through the page's own signed-in session. */
  async api<T>(path: string): Promise<{ body: T; total: number }> {
    const response = await this.page.request.get(path);
    expect(response.ok()).toBe(true);
    return { body: (await response.json()) as T, total: Number(response.headers()['x-total-count']) };
  }

  firstPage = (query = '') => this.api<Call[]>(`/api/calls?limit=50${query}`);
  counts = async () => (await this.api<CallCounts>('/api/calls/counts')).body;
  answersOf = async (callId: number) =>
    (await this.api<AiResponse[]>(`/api/ai-responses?callId=${callId}&limit=200`)).body;
}
