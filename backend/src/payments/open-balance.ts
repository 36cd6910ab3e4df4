// What a customer owes (issue 35), as SQL the Customers list puts in its own statements: each open
// invoice's total less what settled on it (payments less refunds and withdrawals, tips apart, fees
// never), never below 0 an invoice; a record merged into this one brings its invoices. The ledger
// (`payments`) stays written by ledger.repository.ts alone: this only reads it.
//
// Every sum is index-only (migration 0054): a customer's open invoices from
// `invoices_open_by_customer`, what settled on each from `payments_settled_of_invoice`, the merged
// records from `customers_merged_into`; "who owes anything" walks only the open invoices (a few
// hundred), never the 100,000 customers, so its cost follows the open invoices, not the ledger.

/** What is still owed on one invoice row (alias `invoice`), in cents. */
export const owedOnInvoice = (
  invoice: string,
) => `MAX(0, ${invoice}.total_cents - COALESCE((SELECT SUM(p.amount_cents - p.tip_cents)
  FROM payments p WHERE p.invoice_id = ${invoice}.id AND p.status = 'succeeded' AND p.kind <> 'fee'), 0))`;

// Named: the open invoices of every customer (invoices_status_issued, migration 0061) look as good
// to the planner and cost a second a page at 100,000 invoices (npm run bench -- lists).
/** A customer row's (alias `customer`) open balance, its merged records' invoices included, in cents. */
export const openBalanceOf = (
  customer: string,
) => `(SELECT COALESCE(SUM(${owedOnInvoice('i')}), 0) FROM invoices i INDEXED BY invoices_open_by_customer
  WHERE i.status = 'open' AND i.customer_id IN (SELECT ${customer}.id UNION ALL SELECT m.id FROM customers m WHERE m.merged_into = ${customer}.id))`;

/** The ids of the customers owing anything (a merged record's debt counts on the record it joined). */
export const OWING_CUSTOMERS = `(SELECT COALESCE(m.merged_into, i.customer_id) FROM invoices i INDEXED BY invoices_open_by_customer
  LEFT JOIN customers m ON m.id = i.customer_id
  WHERE i.status = 'open' AND i.customer_id IS NOT NULL AND ${owedOnInvoice('i')} > 0)`;
