// Reads TwiML answers the way a test wants them: the verbs in order, their attributes and text.
// A small strict XML reader (no parser package in the project): it throws on anything that is not
// well-formed, so "the webhook answered valid TwiML" is a real check, not a substring match.

export interface Verb {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: Verb[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    const value = ENTITIES[name];
    if (value === undefined) throw new Error(`unknown entity ${whole}`);
    return value;
  });

/** The `<Response>` of a TwiML document; throws when the XML is not well-formed TwiML. */
export function parseTwiml(xml: string): Verb {
  let at = 0;
  const rest = () => xml.slice(at);
  const skipProlog = () => {
    const prolog = /^\s*<\?xml[^?]*\?>\s*/.exec(rest());
    if (prolog) at += prolog[0].length;
  };
  const element = (): Verb => {
    const open = /^<([A-Za-z][\w.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/.exec(rest());
    if (!open) throw new Error(`expected an element at ${at}: ${rest().slice(0, 40)}`);
    at += open[0].length;
    const attrs: Record<string, string> = {};
    for (const [, name, value] of open[2]!.matchAll(/([\w:.-]+)="([^"]*)"/g)) attrs[name!] = decode(value!);
    const verb: Verb = { name: open[1]!, attrs, text: '', children: [] };
    if (open[3]) return verb;
    for (;;) {
      const text = /^[^<]*/.exec(rest())![0];
      verb.text += decode(text);
      at += text.length;
      if (rest().startsWith(`</${verb.name}>`)) {
        at += verb.name.length + 3;
        verb.text = verb.text.trim();
        return verb;
      }
      if (rest().startsWith('</') || at >= xml.length) throw new Error(`<${verb.name}> is not closed`);
      verb.children.push(element());
    }
  };
  skipProlog();
  const root = element();
  if (rest().trim() !== '') throw new Error('content after the root element');
  if (root.name !== 'Response') throw new Error(`root is <${root.name}>, not <Response>`);
  return root;
}

/** The names of the verbs in order, e.g. ['Gather', 'Redirect']. */
export const verbNames = (response: Verb) => response.children.map((v) => v.name);
/** Everything the caller hears, in order: a `<Say>` nested in a `<Gather>` is heard too. */
export const spoken = (response: Verb): string[] =>
  response.children.flatMap((v) =>
    v.name === 'Say'
      ? [v.text]
      : v.name === 'Gather'
        ? v.children.filter((c) => c.name === 'Say').map((c) => c.text)
        : [],
  );
export const verb = (response: Verb, name: string) => {
  const found = response.children.find((v) => v.name === name);
  if (!found) throw new Error(`no <${name}> in ${verbNames(response).join(', ')}`);
  return found;
};
