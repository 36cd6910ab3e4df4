import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ERROR_CODES, idParamSchema, type ErrorBody } from '@washdesk/contract';
import { z } from 'zod';

/** An error a client caused or can act on; its message is safe to show. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra top-level keys for the body (e.g. the stored message of a failed send). */
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, ERROR_CODES.notFound, `${what} not found`);

/**
 * The `:id` of a route. Anything but a canonical positive integer ("0x1", "1%0a", "01") names no
 * record at all, so it answers 404 like an id that does not exist.
 */
export function routeId(params: unknown): number {
  const parsed = idParamSchema.safeParse(params);
  if (!parsed.success) throw new HttpError(404, ERROR_CODES.notFound, 'No such record');
  return parsed.data.id;
}

/** One message per field, the first zod gives; nested paths join with dots. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export const validationError = (fields: Record<string, string>, message = 'Some fields need attention') =>
  new HttpError(400, ERROR_CODES.validation, message, fields);

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(fieldErrors(result.error));
  return result.data;
}

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(
    new HttpError(404, ERROR_CODES.notFound, `No API route ${req.method} ${req.originalUrl.split('?')[0]}`),
  );
};

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

type Reporter = (error: unknown, req: Parameters<RequestHandler>[0]) => void;

/**
 * Turns every thrown error into the contract's error body. Unknown errors become a bare 500: a
 * stack trace or SQL text in a response helps attackers, not customers.
 */
export const errorHandler =
  (report: Reporter): ErrorRequestHandler =>
  (error, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof HttpError) {
      if (error.headers) res.set(error.headers);
      res
        .status(error.status)
        .json({ ...errorBody(error.code, error.message, error.fields), ...error.extra });
      return;
    }
    const status = typeof error?.status === 'number' ? error.status : 500;
    if (error?.type === 'entity.parse.failed') {
      res.status(400).json(errorBody(ERROR_CODES.invalidJson, 'The request body is not valid JSON'));
      return;
    }
    if (error?.type === 'entity.too.large') {
      res.status(413).json(errorBody(ERROR_CODES.tooLarge, 'The request body is too large'));
      return;
    }
    if (status >= 400 && status < 500) {
      res.status(status).json(errorBody('bad_request', 'The request could not be read'));
      return;
    }
    report(error, req);
    res
      .status(500)
      .json(errorBody(ERROR_CODES.internal, 'Something went wrong on our side. Please try again.'));
  };
