import { CSRF_HEADER, errorBodySchema, TOTAL_COUNT_HEADER, type ErrorBody } from '@washdesk/contract';

/** Anything that can check a response body; the contract's zod schemas are the usual ones. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/** A non-successful answer; the message follows the spec's "status: body" rule. */
export class ApiError extends Error {
  /** The contract's error body, when the server sent one (code, user-facing message, fields). */
  readonly body: ErrorBody['error'] | undefined;

  constructor(
    readonly status: number,
    text: string,
    statusText: string,
  ) {
    super(`${status}: ${text || statusText}`);
    this.name = 'ApiError';
    this.body = parseErrorBody(text);
  }
}

/** A 401: nobody is signed in any more, and the sign-in screen (which says why) has taken over. */
export const isUnauthorized = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 401;

function parseErrorBody(text: string): ErrorBody['error'] | undefined {
  try {
    return errorBodySchema.parse(JSON.parse(text)).error;
  } catch {
    return undefined;
  }
}

/** One page of a list and how many rows the whole list has (the server's X-Total-Count). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

export interface ApiClient {
  /** The origin the backend answers on: '' when the admin is served by it, a URL in the desktop app. */
  readonly baseUrl: string;
  get<T>(path: string, schema: ResponseSchema<T>): Promise<T>;
  /** A page of a list (`path` carries limit/offset); `schema` checks the array. */
  getPage<T>(path: string, schema: ResponseSchema<T[]>): Promise<ListPage<T>>;
  send<T>(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body: unknown,
    schema: ResponseSchema<T>,
    /** Headers of this one change beside the CSRF token (e.g. a refund's Idempotency-Key). */
    extraHeaders?: Record<string, string>,
  ): Promise<T>;
  /** The signed-in session's token, which the server wants on every change (CSRF defence). */
  setCsrfToken(token: string | null): void;
}

export function createApiClient(baseUrl: string): ApiClient {
  const origin = baseUrl.replace(/\/+$/, '');
  let csrfToken: string | null = null;

  async function respond(path: string, init: RequestInit): Promise<Response> {
    // Every call carries the cookies (spec 7): the staff session lives in one.
    const response = await fetch(`${origin}${path}`, { ...init, credentials: 'include' });
    if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
    return response;
  }

  async function request<T>(path: string, init: RequestInit, schema: ResponseSchema<T>): Promise<T> {
    const response = await respond(path, init);
    // Parsing at the edge means a changed server shape fails here, loudly, not deep in a screen.
    return schema.parse(response.status === 204 ? null : await response.json());
  }

  return {
    baseUrl: origin,
    get: (path, schema) => request(path, { method: 'GET' }, schema),
    async getPage(path, schema) {
      const response = await respond(path, { method: 'GET' });
      const items = schema.parse(await response.json());
      const total = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? items.length);
      return { items, total: Number.isFinite(total) ? total : items.length };
    },
    send(method, path, body, schema, extraHeaders) {
      const headers: Record<string, string> = {
        ...extraHeaders,
        ...(csrfToken ? { [CSRF_HEADER]: csrfToken } : {}),
      };
      if (body === undefined) return request(path, { method, headers }, schema);
      headers['Content-Type'] = 'application/json';
      return request(path, { method, headers, body: JSON.stringify(body) }, schema);
    },
    setCsrfToken(token) {
      csrfToken = token;
    },
  };
}
