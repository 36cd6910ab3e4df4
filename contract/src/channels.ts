// The one channel vocabulary (issue 32, item 4): how a customer reaches the business or is
// reached. Every feature's list of channels (the leads', the assistant's, the AI log's, quote
// deliveries, visit answers, the outbox) is a part of this one, built with `channelsOf`, and its
// labels come from here; a text is `text` everywhere (never "sms"). scripts/one-vocabulary.test.ts
// fails on a channel enumeration that bypasses it.

export const CHANNEL_OPTIONS = [
  { value: 'phone', label: 'Phone' },
  { value: 'text', label: 'Text' },
  { value: 'messenger', label: 'Messenger' },
  /** The public site: its forms (below) and its photo quotes. */
  { value: 'web', label: 'Website' },
  { value: 'email', label: 'E-mail' },
  /** A link staff copied and passed on themselves, or the customer's own page (a quote, a visit). */
  { value: 'link', label: 'Link' },
] as const;
export type Channel = (typeof CHANNEL_OPTIONS)[number]['value'];
export const CHANNELS = CHANNEL_OPTIONS.map((o) => o.value) as [Channel, ...Channel[]];

export const CHANNEL_LABELS = Object.fromEntries(CHANNEL_OPTIONS.map((o) => [o.value, o.label])) as {
  readonly [C in Channel]: (typeof CHANNEL_OPTIONS)[number] & { value: C } extends { label: infer L } ? L : never;
};

/** A feature's channels: a part of the vocabulary, in the feature's order (checked when compiled). */
export const channelsOf = <const T extends readonly [Channel, ...Channel[]]>(...channels: T): T => channels;

/** The same channels with their labels, for a select or a tag. */
export const channelOptionsOf = <const T extends readonly Channel[]>(channels: T) =>
  channels.map((value) => ({ value, label: CHANNEL_LABELS[value] })) as {
    [K in keyof T]: { value: T[K]; label: (typeof CHANNEL_LABELS)[T[K]] };
  };

/**
 * The public site's forms. A lead from the web names its form (the spec's `channel=wizard` on the
 * requests inbox), so each form is a lead channel of its own, inside the vocabulary's `web`.
 */
export const WEB_FORM_OPTIONS = [
  { value: 'wizard', label: 'Website request' },
  { value: 'photo-form', label: 'Photo form' },
  { value: 'quote-tool', label: 'Quote tool' },
] as const;
export type WebForm = (typeof WEB_FORM_OPTIONS)[number]['value'];
