// A tip for the crew on top of what is paid (issue 35). Apart from the zod schemas so the public
// pages that offer a tip load no zod; payments.ts and invoices.ts re-export them.

/** The most a customer may add as a tip on an invoice's pay page. */
export const MAX_TIP_CENTS = 100_000;

/** Tip presets on the pay page, in percent of what is being paid. */
export const TIP_PRESETS = [10, 15, 20] as const;
/** The tip a preset asks of a part payment, in whole cents, never above the maximum. */
export const tipOf = (percent: number, partCents: number) =>
  Math.min(MAX_TIP_CENTS, Math.round((partCents * percent) / 100));
