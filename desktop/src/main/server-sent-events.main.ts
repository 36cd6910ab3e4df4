export interface ServerSentEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream body the way a browser's EventSource does (fields, blank-line
 * framing, comments ignored, CRLF or LF), handing each complete event on as it arrives.
 */
export async function readServerSentEvents(
  body: AsyncIterable<Uint8Array>,
  onEvent: (event: ServerSentEvent) => void | Promise<void>,
): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  let fields = { id: undefined as string | undefined, event: '', data: [] as string[] };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
      // A CR at the very end may be the first half of a CRLF still on its way.
      if (buffer[newline] === '\r' && newline === buffer.length - 1) break;
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (fields.data.length)
          await onEvent({ id: fields.id, event: fields.event || 'message', data: fields.data.join('\n') });
        fields = { id: fields.id, event: '', data: [] };
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (name === 'id') fields.id = value;
      else if (name === 'event') fields.event = value;
      else if (name === 'data') fields.data.push(value);
    }
  }
}
