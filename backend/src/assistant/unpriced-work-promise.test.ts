import { expect, it } from 'vitest';
import { serviceAreaAnswer } from './tool-answers.ts';
import { serviceAreaConfigFrom } from './tools/service-area.ts';
import { NO_ANSWER, wording } from './wording.ts';

// A town asked with work the business has no rate for ("do you clean solar panels in Eureka?"):
// the office answers it. On the phone that is a call back (and a task, call-back-tasks.ts); on a
// text or Messenger the question waits for staff in Requests, so no call back may be promised.

const area = serviceAreaConfigFrom({
  serviceArea: 'Mendocino, Humboldt and Trinity counties, especially Southern Humboldt',
});
const asked = 'Do you clean solar panels in Eureka?';

it('promises a call back on the phone only', () => {
  const phone = serviceAreaAnswer(
    asked,
    'service_area',
    undefined,
    area,
    wording(false, 'Lost Coast', 'phone').noAnswerPlain,
  );
  expect(phone?.reply).toContain(NO_ANSWER);
  for (const channel of ['text', 'messenger'] as const) {
    const written = serviceAreaAnswer(
      asked,
      'service_area',
      undefined,
      area,
      wording(false, 'Lost Coast', channel).noAnswerPlain,
    );
    expect(written?.reply).toMatch(
      /As for the solar panels?, I don't have that information, so I've left your question/,
    );
    expect(written?.reply).not.toMatch(/call you back/i);
  }
});
