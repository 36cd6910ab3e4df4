// The payments screens' query keys (issue 35): the ledger, invoices and disputes all hang under
// one root, so a live payment event makes every money figure on screen stale at once.

const paymentsKey = ['payments'] as const;

export const paymentQueries = {
  all: paymentsKey,
};
