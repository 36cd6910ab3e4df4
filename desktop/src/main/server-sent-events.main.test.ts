import { describe, expect, it } from 'vitest';
import { readServerSentEvents, type ServerSentEvent } from './server-sent-events.main.ts';

async function read(chunks: string[]) {
  const events: ServerSentEvent[] = [];
  async function* body() {
    for (const chunk of chunks) yield new TextEncoder().encode(chunk);
  }
  await readServerSentEvents(body(), (event) => void events.push(event));
  return events;
}

describe('reading an event stream', () => {
  it('frames events however the bytes are split, with LF or CRLF, skipping comments and keeping the last id', async () => {
    const stream =
      ': heartbeat\n\nid: 4\nevent: message\ndata: {"a":1}\n\nevent: reset\r\nid: 9\r\ndata: {"reason":"x"}\r\n\r\ndata: line one\ndata: line two\n\n';
    const whole = await read([stream]);
    expect(whole).toEqual([
      { id: '4', event: 'message', data: '{"a":1}' },
      { id: '9', event: 'reset', data: '{"reason":"x"}' },
      { id: '9', event: 'message', data: 'line one\nline two' },
    ]);
    // Byte by byte, a CRLF split across chunks included, it reads the same.
    expect(await read([...stream])).toEqual(whole);
  });

  it('drops an event cut off by the end of the stream', async () => {
    expect(await read(['id: 1\ndata: {"a":1}\n'])).toEqual([]);
  });
});
