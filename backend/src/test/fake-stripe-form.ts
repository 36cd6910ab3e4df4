// How the stripe SDK encodes parameters (its own `stringifyRequestData`, qs-style brackets:
// `line_items[0][price_data][unit_amount]=7500`, `metadata[quote_id]=12`, `expand[0]=…`), read back
// into the nested object the API receives. Used by the fake Stripe for bodies and query strings.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = Record<string, FormValue>;

export function parseStripeForm(text: string): Form {
  const out: Form = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    // `a[b][0][c]` → ['a', 'b', '0', 'c']; `expand[]` → ['expand', ''].
    const path = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, FormValue> | FormValue[] = out;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]!);
      const key = part === '' && Array.isArray(node) ? String(node.length) : part;
      const container = node as Record<string, FormValue>;
      if (last) {
        if (Array.isArray(node)) node.push(value);
        else container[key] = value;
        return;
      }
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as Record<string, FormValue> | FormValue[];
    });
  }
  return out;
}

/** A list's items in index order (the SDK writes `[0]`, `[1]`, …; an object keyed by index too). */
export const listOf = (v: FormValue | undefined): FormValue[] =>
  v === undefined
    ? []
    : Array.isArray(v)
      ? v.filter((x) => x !== undefined)
      : typeof v === 'object'
        ? Object.values(v)
        : [v];

export const textOf = (v: FormValue | undefined): string | undefined =>
  typeof v === 'string' ? v : undefined;

export const recordOf = (v: FormValue | undefined): Record<string, string> => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string')) as Record<
    string,
    string
  >;
};
