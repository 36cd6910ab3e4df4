// Reads the TwiML a voice webhook answers into the verbs a phone call follows. A small XML reader
// of its own (the twilio SDK only builds TwiML): elements, attributes in either quote, text,
// self-closing tags, comments, CDATA and the XML entities (&amp; &apos; &#39; &#x27; ...).

export type TwimlVerb =
  | { verb: 'Say'; text: string }
  | { verb: 'Play'; url: string }
  | { verb: 'Pause'; seconds: number }
  | {
      verb: 'Gather';
      /** Where what the caller said goes; null = the document's own URL (Twilio's default). */
      action: string | null;
      method: string;
      input: string;
      /** Whether silence is still posted to the action (otherwise the verbs after it run). */
      actionOnEmptyResult: boolean;
      /** What is said or played while listening. */
      prompts: TwimlVerb[];
    }
  | { verb: 'Dial'; number: string }
  | { verb: 'Redirect'; url: string; method: string }
  | { verb: 'Hangup' }
  | { verb: 'Reject' }
  /** A verb this reader does not act on (Record, Enqueue, ...), kept so the caller can say so. */
  | { verb: 'Other'; name: string };

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}
type XmlNode = XmlElement | string;

export class TwimlError extends Error {
  override name = 'TwimlError';
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body] ?? whole;
  });
}

const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The document's elements as a tree; throws TwimlError on anything that is not well-formed. */
export function readXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#document', attributes: {}, children: [] };
  const open: XmlElement[] = [root];
  let at = 0;
  const top = () => open.at(-1)!;
  while (at < xml.length) {
    const lt = xml.indexOf('<', at);
    const text = xml.slice(at, lt === -1 ? xml.length : lt);
    if (text) top().children.push(decodeEntities(text));
    if (lt === -1) break;
    const skip = (start: string, end: string) => {
      if (!xml.startsWith(start, lt)) return false;
      const close = xml.indexOf(end, lt + start.length);
      if (close === -1) throw new TwimlError(`unclosed ${start}`);
      if (start === '<![CDATA[') top().children.push(xml.slice(lt + start.length, close));
      at = close + end.length;
      return true;
    };
    if (skip('<?', '?>') || skip('<!--', '-->') || skip('<![CDATA[', ']]>') || skip('<!', '>')) continue;
    TAG.lastIndex = lt;
    const tag = TAG.exec(xml);
    if (!tag) throw new TwimlError(`unreadable tag at character ${lt}`);
    const [, closing, name, attributeText, selfClosing] = tag as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    at = TAG.lastIndex;
    if (closing) {
      if (top().name !== name) throw new TwimlError(`</${name}> closes <${top().name}>`);
      open.pop();
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, key, double, single] of attributeText.matchAll(ATTRIBUTE)) {
      attributes[key!] = decodeEntities(double ?? single ?? '');
    }
    const element: XmlElement = { name, attributes, children: [] };
    top().children.push(element);
    if (!selfClosing) open.push(element);
  }
  if (open.length > 1) throw new TwimlError(`<${top().name}> is never closed`);
  return root;
}

/** Every piece of text inside a node (SSML such as <prosody> or <break/> inside <Say> included). */
const textOf = (node: XmlNode): string =>
  typeof node === 'string' ? node : node.children.map(textOf).join('');
const spoken = (node: XmlNode) => textOf(node).replace(/\s+/g, ' ').trim();

function toVerb(element: XmlElement): TwimlVerb {
  const a = element.attributes;
  switch (element.name) {
    case 'Say':
      return { verb: 'Say', text: spoken(element) };
    case 'Play':
      return { verb: 'Play', url: spoken(element) };
    case 'Pause':
      return { verb: 'Pause', seconds: Number(a.length ?? 1) };
    case 'Gather':
      return {
        verb: 'Gather',
        action: a.action ?? null,
        method: (a.method ?? 'POST').toUpperCase(),
        input: a.input ?? 'dtmf',
        actionOnEmptyResult: a.actionOnEmptyResult === 'true',
        prompts: elementsOf(element).map(toVerb),
      };
    case 'Dial':
      return { verb: 'Dial', number: spoken(element) };
    case 'Redirect':
      return { verb: 'Redirect', url: spoken(element), method: (a.method ?? 'POST').toUpperCase() };
    case 'Hangup':
      return { verb: 'Hangup' };
    case 'Reject':
      return { verb: 'Reject' };
    default:
      return { verb: 'Other', name: element.name };
  }
}

const elementsOf = (element: XmlElement) =>
  element.children.filter((c): c is XmlElement => typeof c !== 'string');

/** The verbs of a TwiML answer, in order; throws TwimlError when it is not TwiML at all. */
export function readTwiml(xml: string): TwimlVerb[] {
  const roots = elementsOf(readXml(xml));
  const response = roots.length === 1 && roots[0]!.name === 'Response' ? roots[0]! : undefined;
  if (!response) throw new TwimlError('the answer is not a TwiML <Response> document');
  return elementsOf(response).map(toVerb);
}
