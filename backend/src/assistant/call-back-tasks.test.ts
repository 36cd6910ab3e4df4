import { afterEach, describe, expect, it } from 'vitest';
import { saveAiSettings } from '../test/ai-settings.ts';
import { PHONE_ENV, phoneCaller } from '../test/phone-caller.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { spoken, verbNames } from '../test/twiml.ts';
import { promisesCallBack } from './call-back-tasks.ts';

// Every promise is a task (issue 34, items 2 and 3), through Twilio's signed webhooks: whenever the
// caller hears that someone will call back, the call holds a task (reason, urgency), its lead in
// Requests shows it and staff hear of it live; the callers who only SOUND like a hand-off (a family
// member to ask, "is this a machine?", robocalls, sales calls) hear no promise and leave no task.
// Monday 23 November 2026, 9:30 AM in California: the office is open.
const NOW = Date.parse('2026-11-23T17:30:00Z');

let server: TestServer;
afterEach(async () => {
  expect(server.errors).toEqual([]);
  await server.stop();
});
const start = async (env: Record<string, string> = {}) => {
  server = await startTestServer({ env: { ...PHONE_ENV, ...env }, clock: () => NOW });
  await saveAiSettings(server);
};

let nextPhone = 400;
/** One line on a new call: what the caller heard, the TwiML's verbs and the call's task. */
async function oneLine(says: string) {
  const from = `+1707555${String(nextPhone++).padStart(4, '0')}`;
  const caller = phoneCaller(server.url, from);
  await caller.dial();
  const twiml = await caller.twiml(await caller.say(says));
  const call = server.db
    .prepare('SELECT id, callback_requested, callback_reason, callback_urgent FROM calls WHERE call_sid = ?')
    .get(caller.callSid) as {
    id: number;
    callback_requested: number;
    callback_reason: string | null;
    callback_urgent: number;
  };
  const leads = (await (await server.get(`/api/leads?channel=phone&q=${from.slice(-4)}`)).json()) as {
    sourceId: number;
    callBack: { reason: string | null; urgent: boolean } | null;
  }[];
  const announced = server.db
    .prepare("SELECT summary FROM events WHERE type = 'call.callback-requested' AND entity_id = ?")
    .all(call.id)
    .map((r) => (r as { summary: string }).summary);
  return {
    heard: spoken(twiml).join(' '),
    verbs: verbNames(twiml),
    task: call.callback_requested
      ? { reason: call.callback_reason, urgent: call.callback_urgent === 1 }
      : null,
    lead: leads.find((l) => l.sourceId === call.id),
    announced,
  };
}

const PROMISED: [string, RegExp, boolean][] = [
  ['Are you hiring right now? My son needs a summer job.', /Asked: "Are you hiring/, false],
  ['Can somebody from the office call me back?', /Asked for a person/, false],
  [
    'Your guys were here yesterday and now there is water coming into my living room!',
    /^Urgent: "Your guys/,
    true,
  ],
  ["Yeah, I'm really not happy with the job, there's streaks all over the windows.", /^Complaint: /, true],
  ["This is ridiculous. I've called twice and nobody called me back.", /^Upset or repeat caller: /, true],
  ['Can I leave a message for Mike?', /^Left a message: /, false],
];

const NOT_REQUESTS = [
  'I need to talk to my wife first.',
  "Let me ask my husband and I'll call you guys back.",
  'Am I talking to a machine?',
  'Wait, is this a real person?',
  "This is an automated message about your car's extended warranty. Press 1 to speak to an agent.",
  "Hello, I'm calling from Bright Path Marketing, we can get you more customers for your business.",
  'Do you come out to Fortuna?',
  'Hello?',
];

describe('a reply that promises a call back', () => {
  it.each(PROMISED)(
    '"%s" leaves a task with its reason and urgency, in Requests and announced',
    async (says, reason, urgent) => {
      await start();
      const line = await oneLine(says);
      expect(promisesCallBack(line.heard), line.heard).toBe(true);
      expect(line.task).toEqual({ reason: expect.stringMatching(reason), urgent });
      expect(line.lead?.callBack).toEqual(line.task);
      expect(line.announced).toEqual([expect.stringContaining(line.task!.reason!)]);
      if (urgent) expect(line.announced[0]).toMatch(/^Urgent: /);
    },
  );
});

describe('a caller who only sounds like a hand-off', () => {
  it.each(NOT_REQUESTS)('"%s" hears no promise and leaves no task', async (says) => {
    await start();
    const line = await oneLine(says);
    expect(promisesCallBack(line.heard), line.heard).toBe(false);
    expect(line.verbs).not.toContain('Dial');
    expect(line.verbs).not.toContain('Record');
    expect(line.task).toBeNull();
    expect(line.lead).toBeUndefined();
    expect(line.announced).toEqual([]);
  });

  it('"Am I talking to a machine?" is answered honestly and the call goes on', async () => {
    await start();
    const line = await oneLine('Am I talking to a machine?');
    expect(line.heard).toContain('virtual assistant, an automated system, not a person');
    expect(line.verbs).toContain('Gather');
  });

  it('a robocall is declined and the call ends', async () => {
    await start();
    const line = await oneLine(
      "This is an automated message about your car's extended warranty. Press 1 now.",
    );
    expect(line.heard).toContain("we're not interested");
    expect(line.verbs).toContain('Hangup');
  });
});

describe('while the office is open with a forward number', () => {
  it('an urgent caller is put through, and no call back is promised or filed', async () => {
    await start({ STAFF_FORWARD_NUMBER: '+17075550199' });
    const line = await oneLine('Um, one of your workers cracked my window this morning.');
    expect(line.verbs).toContain('Dial');
    expect(line.heard).toContain("I'm so sorry. That needs someone from the office right away.");
    expect(promisesCallBack(line.heard)).toBe(false);
    expect(line.task).toBeNull();
  });

  it('a caller who asks to leave a message records one (not put through), and the task is filed', async () => {
    await start({ STAFF_FORWARD_NUMBER: '+17075550199' });
    const line = await oneLine('Could you take a message for the owner, please?');
    expect(line.verbs).toContain('Record');
    expect(line.verbs).not.toContain('Dial');
    expect(line.task).toEqual({ reason: expect.stringMatching(/^Left a message/), urgent: false });
  });
});
