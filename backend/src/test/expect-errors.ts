import { expect } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '@washdesk/contract';

/** A 400 in the contract's shape naming `field` with exactly `message`. */
export async function expectInvalid(res: Response, field: string, message: string) {
  expect(res.status).toBe(400);
  const body = z.strictObject(errorBodySchema.shape).parse(await res.json());
  expect(body.error.code).toBe('validation_failed');
  expect(body.error.message).toMatch(/\S/);
  expect(body.error.fields?.[field]).toBe(message);
}

export async function expectNotFound(res: Response) {
  expect(res.status).toBe(404);
  expect(errorBodySchema.parse(await res.json()).error.code).toBe('not_found');
}
