import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { fieldProblems, problemMessage, SOMETHING_WENT_WRONG } from './problem-message.ts';

const refusal = JSON.stringify({
  error: {
    code: 'validation_error',
    message: 'Please check the marked fields.',
    fields: { phone: 'Valid phone number required' },
  },
});

describe('what staff are told about a failed call', () => {
  it('a refusal’s own message and its field messages', () => {
    const error = new ApiError(400, refusal, 'Bad Request');
    expect(problemMessage(error)).toBe('Please check the marked fields.');
    expect(fieldProblems(error)).toEqual({ phone: 'Valid phone number required' });
  });

  it('a plain apology for a server failure, an unreadable answer or anything else', () => {
    const serverError = JSON.stringify({
      error: { code: 'internal', message: 'Something went wrong on our side.' },
    });
    expect(problemMessage(new ApiError(500, serverError, 'Internal Server Error'))).toBe(
      SOMETHING_WENT_WRONG,
    );
    expect(problemMessage(new ApiError(404, '<html>Not found</html>', 'Not Found'))).toBe(
      SOMETHING_WENT_WRONG,
    );
    expect(problemMessage(new TypeError('Failed to fetch'))).toBe(SOMETHING_WENT_WRONG);
    expect(SOMETHING_WENT_WRONG).toBe('Something went wrong. Please try again.');
    expect(fieldProblems(new TypeError('Failed to fetch'))).toEqual({});
  });
});
