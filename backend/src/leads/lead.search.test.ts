import { afterEach, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER, leadSchema } from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// The inbox's search runs on a trigram index kept by triggers (migration 0013); these check that
// it follows every change to the searched columns and agrees with a plain substring search.
let server: TestServer;
afterEach(async () => {
  expect(server.errors).toEqual([]);
  await server.stop();
});

const names = async (q: string, more = '') => {
  const res = await server.get(`/api/leads?q=${encodeURIComponent(q)}${more}`);
  expect(res.status).toBe(200);
  const leads = leadSchema.array().parse(await res.json());
  expect(Number(res.headers.get(TOTAL_COUNT_HEADER))).toBe(leads.length);
  return leads.map((l) => l.name);
};
const conversation = (psid: string, first: string, last: string) =>
  server.db
    .prepare(
      `INSERT INTO messenger_conversations (facebook_user_id, first_name, last_name, created_at)
      VALUES (?, ?, ?, ?)`,
    )
    .run(psid, first, last, new Date().toISOString());

describe('searching the requests inbox', () => {
  it('follows names as they change and leads as they go', async () => {
    server = await startTestServer();
    conversation('psid-1', 'Kai', 'Moana');
    expect(await names('moana')).toEqual(['Kai Moana']);
    server.db
      .prepare("UPDATE messenger_conversations SET last_name = 'Kealoha' WHERE facebook_user_id = 'psid-1'")
      .run();
    expect(await names('moana')).toEqual([]);
    expect(await names('KEALOHA')).toEqual(['Kai Kealoha']);
    server.db.prepare("DELETE FROM messenger_conversations WHERE facebook_user_id = 'psid-1'").run();
    expect(await names('kealoha')).toEqual([]);
  });

  it('finds short searches and text that looks like search syntax, and combines with filters', async () => {
    server = await startTestServer();
    conversation('psid-1', 'Bo', 'Li');
    conversation('psid-2', 'Jo "Quote" AND', 'Smith-Jones*');
    expect(await names('Li')).toEqual(['Bo Li']);
    expect(await names('"quote" and')).toEqual(['Jo "Quote" AND Smith-Jones*']);
    expect(await names('jones*')).toEqual(['Jo "Quote" AND Smith-Jones*']);
    expect(await names('NEAR(')).toEqual([]);
    expect(await names('smith', '&channel=messenger&stage=new')).toEqual(['Jo "Quote" AND Smith-Jones*']);
    expect(await names('smith', '&channel=phone')).toEqual([]);
    expect(await names('smith', '&stage=won')).toEqual([]);
  });
});
