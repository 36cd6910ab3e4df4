import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('error answers', () => {
  it('answers malformed JSON with 400 invalid_json', async () => {
    const res = await server.send('POST', '/api/faq', '{"question": "unterminated');
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('invalid_json');
    expect(server.count('faq_entries')).toBe(0);
  });

  it('answers an oversized JSON body with 413', async () => {
    const res = await server.send('POST', '/api/faq', { question: 'Q', answer: 'x'.repeat(200_000) });
    expect(res.status).toBe(413);
    expect(server.count('faq_entries')).toBe(0);
  });

  it('answers an unexpected fault with a bare 500: no stack, no SQL', async () => {
    server.db.exec('DROP TABLE faq_entries');
    const res = await server.get('/api/faq');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(text).not.toMatch(/faq_entries|SQLITE|at \//i);
    expect(server.errors).toHaveLength(1);
  });
});
