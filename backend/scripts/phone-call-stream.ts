import type { Interface } from 'node:readline';
import { readTwiml } from '../src/phone-simulator/twiml-reader.ts';
import {
  SimulatedRelayCall,
  type RelayMessage,
  type RelayTwiml,
} from '../src/phone-simulator/simulated-relay-call.ts';

// `npm run call -- --stream`: the call over ConversationRelay, as Twilio's side of the socket.
// What the person types is what the caller says; the assistant's words print as they arrive.
//   !          cut in: the caller talks over the reply (Twilio reports the first half as heard)
//   !words     cut in, then say words
//   /0 … /9    press a key (0 asks for a person)
//   /hangup    hang up (so does Ctrl-D)

export interface StreamCallOptions {
  serverUrl: string;
  publicBaseUrl: string;
  authToken: string;
  from: string;
  to: string;
  lines: Interface;
  interactive: boolean;
  print: (line: string) => void;
  write: (text: string) => void;
}

const half = (text: string) => {
  const words = text.trim().split(/\s+/);
  return words.slice(0, Math.max(1, Math.ceil(words.length / 2))).join(' ');
};

/** Plays the call until it ends; returns how it ended, for the last line. */
export async function streamCall(options: StreamCallOptions): Promise<string> {
  const { print, write, lines, interactive } = options;
  // Taken now: piped lines that arrive while the call is placed wait here rather than being lost.
  const typedLines = lines[Symbol.asyncIterator]();
  const startedAt = Date.now();
  const call = new SimulatedRelayCall(options);
  const relay: RelayTwiml = await call.ring();
  print(`Assistant: ${relay.welcomeGreeting}`);
  await call.connect(relay);
  let shown = 0;
  let replying = '';
  let lastReply = relay.welcomeGreeting;
  let ended: string | null = null;

  /** Prints what came over the socket since last time; true once the session is over. */
  const show = async (): Promise<void> => {
    for (; shown < call.received.length; shown++) {
      const message: RelayMessage = call.received[shown]!;
      if (message.type === 'text') {
        const { token, last } = message as { token: string; last: boolean };
        if (!replying) write('Assistant: ');
        replying += token;
        write(token);
        if (last) {
          write('\n');
          lastReply = replying;
          replying = '';
        }
      } else if (message.type === 'language') {
        print(`(the line now speaks ${String((message as { ttsLanguage: string }).ttsLanguage)})`);
      } else if (message.type === 'end') {
        ended = await afterSession(message as { handoffData?: string });
      }
    }
  };

  /** The session ended from the server's side: Twilio posts the <Connect action>, we follow it. */
  async function afterSession(end: { handoffData?: string }): Promise<string> {
    if (replying) write('\n');
    const verbs = readTwiml(await call.sessionEnded(relay, { HandoffData: end.handoffData ?? '' }));
    let how = 'The assistant hung up.';
    for (const verb of verbs) {
      if (verb.verb === 'Say') print(`Assistant: ${verb.text}`);
      if (verb.verb === 'Dial') how = `Put through to ${verb.number}.`;
      if (verb.verb === 'Other' && verb.name === 'Record') how = 'A message would be recorded now.';
    }
    return how;
  }

  /** Waits for the reply to what was just sent (or the end of the session). */
  const answered = async (from: number) => {
    await call.next((m) => (m.type === 'text' && m.last === true) || m.type === 'end', from);
    await show();
  };

  if (interactive) lines.prompt();
  for (let next = await typedLines.next(); !next.done; next = await typedLines.next()) {
    const line = next.value as string;
    if (!interactive) print(`You: ${line}`);
    const typed = line.trim();
    const from = call.received.length;
    if (typed === '/hangup') break;
    if (typed.startsWith('!')) {
      call.interrupt(half(lastReply));
      print(`(you cut in after: "${half(lastReply)}")`);
      const words = typed.slice(1).trim();
      if (words) {
        call.prompt(words);
        await answered(from);
      }
    } else if (/^\/[0-9*#]$/.test(typed)) {
      call.dtmf(typed.slice(1));
      // 0 asks for a person: the line says how, then ends the session (other keys do nothing).
      if (typed === '/0') {
        await call.next((m) => m.type === 'end', from);
        await show();
      }
    } else if (typed) {
      call.prompt(typed);
      await answered(from);
    }
    await show();
    if (ended) break;
    if (interactive) lines.prompt();
  }
  lines.close();
  call.hangUp();
  await call.socketClosed();
  await call.completed((Date.now() - startedAt) / 1000);
  print(`${ended ?? 'You hung up.'} Call ${call.callSid} is over.`);
  return ended ?? 'You hung up.';
}
