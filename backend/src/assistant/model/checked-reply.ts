import { PLACES } from '../tools/service-area.ts';
import { placesNamedIn } from '../tools/place-names.ts';

// "Never a number or a place the tools did not produce", kept while the reply is being streamed:
// a streamed reply cannot be checked whole before the caller hears its first words, so it is
// checked one sentence at a time, and a sentence is released (spoken) only after it passed. The
// tools have all run by then (a final answer comes after the last tool result), so what a sentence
// may contain is known. The first sentence that names a figure or a town no tool result, retrieved
// entry or caller's word contains stops the reply there: nothing after it is spoken, and if
// nothing was spoken yet the whole model reply is thrown away for the no-model answer.

const numbersIn = (text: string) => text.match(/\d+(?:[.,]\d+)*/g)?.map((n) => n.replace(/,/g, '')) ?? [];

/** The figures of `reply` that `allowedText` does not contain. */
export function inventedNumbers(reply: string, allowedText: string): string[] {
  const allowed = new Set(numbersIn(allowedText));
  return numbersIn(reply).filter((n) => !allowed.has(n) && !allowed.has(n.replace(/\.0+$/, '')));
}

/**
 * The capitalised words of a written reply, each run with the word before it ("to Fort Bragg",
 * "in Weed": the town finder needs that word for towns that are also everyday words). A model
 * writes a town's name capitalised; looking only there keeps the check within a millisecond a
 * sentence, where the whole sentence took several (every word is fuzzily compared to every town).
 */
function namedWords(text: string): string {
  const words = text.split(/\s+/);
  const runs: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!/^[A-Z]/.test(words[i]!)) continue;
    const start = i;
    while (i + 1 < words.length && /^[A-Z]/.test(words[i + 1]!)) i++;
    runs.push(words.slice(Math.max(0, start - 1), i + 1).join(' '));
  }
  return runs.join(' and ');
}

let allowedPlaces: { text: string; places: Set<unknown> } | undefined;

/** The towns `reply` names that `allowedText` does not. */
export function inventedPlaces(reply: string, allowedText: string): string[] {
  const named = placesNamedIn(namedWords(reply), PLACES);
  if (named.length === 0) return [];
  // The allowed text is the same for every sentence of a reply: its towns are found once.
  if (allowedPlaces?.text !== allowedText)
    allowedPlaces = { text: allowedText, places: new Set(placesNamedIn(allowedText, PLACES)) };
  const allowed = allowedPlaces.places;
  return named.filter((p) => !allowed.has(p)).map((p) => p.name);
}

/** A sentence ends at . ! or ? followed by a space; the space starts the next piece. */
const SENTENCE_END = /[.!?]+(?=\s)/;

export interface SentenceGate {
  /** A streamed piece of the reply. */
  push(text: string): void;
  /** The reply is complete: the last sentence is checked and released. */
  end(): void;
  /** Drops what is not released yet (words the model wrote before calling a tool instead). */
  discard(): void;
  /** Everything released so far, exactly as sent. */
  readonly text: string;
  /** Why the reply was stopped (the invented figures or places), or null. */
  readonly rejected: string | null;
}

/**
 * Releases the reply sentence by sentence to `speak` once each has passed the check against
 * `allowed()` (read at check time: tool results arrive before the final answer).
 */
export function sentenceGate(allowed: () => string, speak?: (text: string) => void): SentenceGate {
  let pending = '';
  let released = '';
  let rejected: string | null = null;

  const pass = (sentence: string) => {
    const text = allowed();
    const bad = [...inventedNumbers(sentence, text), ...inventedPlaces(sentence, text)];
    if (bad.length) rejected = `reply names what no tool gave: ${bad.join(', ')}`;
    return !rejected;
  };
  const release = (piece: string) => {
    const said = released ? piece : piece.trimStart();
    if (!said) return;
    released += said;
    speak?.(said);
  };
  const drain = () => {
    for (let end = SENTENCE_END.exec(pending); end && !rejected; end = SENTENCE_END.exec(pending)) {
      const sentence = pending.slice(0, end.index + end[0].length);
      if (!pass(sentence)) return;
      release(sentence);
      pending = pending.slice(sentence.length);
    }
  };

  return {
    push(text) {
      if (rejected) return;
      pending += text;
      drain();
    },
    end() {
      if (rejected) return;
      drain();
      const last = pending.trimEnd();
      pending = '';
      if (last.trim() && pass(last)) release(last);
    },
    discard() {
      pending = '';
    },
    get text() {
      return released;
    },
    get rejected() {
      return rejected;
    },
  };
}
