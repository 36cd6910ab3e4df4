import { expect, type APIRequestContext } from '@playwright/test';
import type { PhotoSubmission, ServiceRequest } from '@washdesk/contract';

/**
 * What the office sees through the API, signed in as the run's throwaway owner (see
 * playwright.config.ts). Uses its own request context, so the visitor's browser stays signed out.
 */
export class StaffApi {
  private constructor(private readonly request: APIRequestContext) {}

  static async signIn(request: APIRequestContext) {
    const response = await request.post('/api/auth/login', {
      data: {
        email: process.env.WASHDESK_E2E_OWNER_EMAIL,
        password: process.env.WASHDESK_E2E_OWNER_PASSWORD,
      },
    });
    expect(response.ok()).toBe(true);
    return new StaffApi(request);
  }

  /** The newest service requests (lists are newest first). */
  async serviceRequests(): Promise<ServiceRequest[]> {
    const response = await this.request.get('/api/service-requests?limit=100');
    expect(response.ok()).toBe(true);
    return (await response.json()) as ServiceRequest[];
  }

  async serviceRequestFrom(email: string): Promise<ServiceRequest | undefined> {
    return (await this.serviceRequests()).find((request) => request.email === email.toLowerCase());
  }

  async photoSubmissions(): Promise<PhotoSubmission[]> {
    const response = await this.request.get('/api/photo-submissions?limit=100');
    expect(response.ok()).toBe(true);
    return (await response.json()) as PhotoSubmission[];
  }
}

/** A name no other test (or earlier run) uses, so a test finds its own rows. */
export const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
