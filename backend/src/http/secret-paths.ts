/**
 * Steps of a path after which comes a secret: a link's key, which opens a customer's quote or the
 * whole schedule to whoever holds it. Logs (request lines, fault reports) write `:token` instead.
 * A feature with a new tokened path adds it here; secret-paths.security.test.ts walks every route
 * the app registers and fails on a `:token` parameter this list does not hide.
 */
export const SECRET_AFTER: readonly (readonly string[])[] = [
  ['quote'], // the customer's quote page, /quote/{token} (quote-sending/)
  ['public', 'quotes'], // its API, /api/public/quotes/{token}[/accept|/questions|/pay]
  ['calendar-feed'], // a calendar app's subscription, /api/calendar-feed/{token}.ics
  ['visit'], // the customer's visit page from a reminder, /visit/{token} (reminders/)
  ['public', 'visits'], // its API, /api/public/visits/{token}[/confirm|/reschedule|/cancel]
  ['plan-visit'], // a service plan's slot pick from its reminder, /plan-visit/{token} (service-plans/)
  ['public', 'plan-visits'], // its API, /api/public/plan-visits/{token}[/pick]
  ['account', 'continue'], // a sign-in link's page, /account/continue/{token} (account/)
  ['public', 'account', 'links'], // its state, /api/public/account/links/{token}
  ['invoice'], // the customer's invoice page, /invoice/{token} (invoices/)
  ['public', 'invoices'], // its API, /api/public/invoices/{token}[/pay]
];
/** Words of the tokened routes themselves, kept so a log still says which call it was. */
const ROUTE_WORDS = new Set(['accept', 'questions', 'confirm', 'reschedule', 'cancel', 'pick', 'pay']);

/** A key's shape: 43 base64url characters (quotes, visits), 64 hex (feeds); a call's SID (34) is not. */
const KEY_LIKE = /[A-Za-z0-9_-]{40,}/g;

/**
 * Every %XX undone, again and again (`%252F` is `%2F` to a second decoder, `/` to a third), so
 * what is logged is what any layer could have read. A %XX that is not UTF-8 is kept as written.
 */
function fullyDecoded(path: string): string {
  let text = path;
  for (let round = 0; round < 8 && /%[0-9a-f]{2}/i.test(text); round++) {
    const next = text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      }
    });
    if (next === text) break;
    text = next;
  }
  return text;
}

/**
 * What a step means to a router, a proxy or a file system: in any case and width, its `;params`
 * dropped, control characters (`%00`) and white space gone, trailing dots cut (`quote.`).
 */
const readable = (step: string) =>
  step
    .normalize('NFKC')
    .toLowerCase()
    .replace(/;.*$/s, '')
    .replace(/[\p{Cc}\p{Cf}\s]/gu, '')
    .replace(/\.+$/, '');
/** Steps that lead nowhere (`//`, `/./`, `/;x/`), so `/quote//{token}` still hides the token. */
const isEmptyStep = (name: string) => name === '';

/**
 * The path as it may be written to a log: decoded fully, and after a secret prefix, wherever it
 * appears and however it is spelled (case, `%2F`, `%252F`, `\`, `//`, `/./`, `/x/../`, `;`,
 * `%00`, `quote.`), every step but a route word becomes `:token` (a short file extension such as
 * `.ics` kept); anywhere else, a run of characters shaped like a key is `:token` too. Over-hiding
 * a look-alike costs nothing; a logged key costs a customer's privacy.
 */
export function loggablePath(path: string): string {
  // Split on every spelling of a slash a router or proxy might honour, once fully decoded.
  const steps = fullyDecoded(path).split(/[/\\]/);
  const names = steps.map(readable);
  // One pass over the steps that lead somewhere (a long path costs no more than its length).
  const meaningful = names.flatMap((name, i) => (isEmptyStep(name) ? [] : [{ name, i }]));
  let secretFrom = -1;
  for (let at = 0; at < meaningful.length && secretFrom < 0; at++) {
    const prefix = SECRET_AFTER.find((p) => p.every((name, k) => meaningful[at + k]?.name === name));
    if (prefix) secretFrom = meaningful[at + prefix.length - 1]!.i + 1;
  }
  return steps
    .map((step, i) => {
      if (secretFrom < 0 || i < secretFrom || isEmptyStep(names[i]!) || ROUTE_WORDS.has(names[i]!))
        return step.replace(KEY_LIKE, ':token');
      return `:token${/\.[a-z]{1,5}$/i.exec(step)?.[0] ?? ''}`;
    })
    .join('/');
}
