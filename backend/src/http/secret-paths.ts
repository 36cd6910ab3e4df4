/**
 * Steps of a path after which comes a secret: a link's key, which opens a customer's quote or the
 * whole schedule to whoever holds it. Logs (request lines, fault reports) write `:token` instead.
 * A feature with a new tokened path adds it here; secret-paths.security.test.ts walks every route
 * the app registers and fails on a `:token` parameter this list does not hide.
 */
export const SECRET_AFTER: readonly (readonly string[])[] = [
  ['quote'], // the customer's quote page, /quote/{token} (quote-sending/)
  ['public', 'quotes'], // its API, /api/public/quotes/{token}[/accept|/questions]
  ['calendar-feed'], // a calendar app's subscription, /api/calendar-feed/{token}.ics
  ['visit'], // the customer's visit page from a reminder, /visit/{token} (reminders/)
  ['public', 'visits'], // its API, /api/public/visits/{token}[/confirm|/reschedule|/cancel]
];
/** Words of the tokened routes themselves, kept so a log still says which call it was. */
const ROUTE_WORDS = new Set(['accept', 'questions', 'confirm', 'reschedule', 'cancel']);

/** What a step means to a router or a proxy: decoded once, in any case. */
const readable = (step: string) => {
  try {
    return decodeURIComponent(step).toLowerCase();
  } catch {
    return step.toLowerCase();
  }
};
/** Steps that lead nowhere (`//`, `/./`), so `/quote//{token}` still hides the token. */
const isEmptyStep = (step: string) => step === '' || step === '.';

/**
 * The path as it may be written to a log: after a secret prefix, wherever it appears and however
 * it is spelled (case, `%2F`, `\`, `//`, `/./`, `/x/../`), every step but a route word becomes
 * `:token` (a short file extension such as `.ics` kept). Over-hiding a look-alike costs nothing;
 * a logged key costs a customer's privacy.
 */
export function loggablePath(path: string): string {
  // Split on every spelling of a slash a router or proxy might honour.
  const steps = path.split(/[/\\]|%2f|%5c/i);
  const names = steps.map(readable);
  // One pass over the steps that lead somewhere (a long path costs no more than its length).
  const meaningful = names.flatMap((name, i) => (isEmptyStep(name) ? [] : [{ name, i }]));
  let secretFrom = -1;
  for (let at = 0; at < meaningful.length && secretFrom < 0; at++) {
    const prefix = SECRET_AFTER.find((p) => p.every((name, k) => meaningful[at + k]?.name === name));
    if (prefix) secretFrom = meaningful[at + prefix.length - 1]!.i + 1;
  }
  if (secretFrom < 0) return steps.join('/');
  return steps
    .map((step, i) => {
      if (i < secretFrom || isEmptyStep(names[i]!) || ROUTE_WORDS.has(names[i]!)) return step;
      return `:token${/\.[a-z]{1,5}$/i.exec(step)?.[0] ?? ''}`;
    })
    .join('/');
}
