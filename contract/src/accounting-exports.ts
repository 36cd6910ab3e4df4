import { z } from 'zod';
import { calendarDate } from './common.ts';

// For the accountant (issue 35, item 7): CSV files QuickBooks Online imports without mapping a
// column. The headers are QuickBooks' own words, in its order; amounts are dollars with two
// decimals made from integer cents; dates are MM/DD/YYYY, as QuickBooks' US import reads them.

/** Invoices import: one row per invoice line; the invoice's fields repeat on each of its lines. */
export const QUICKBOOKS_INVOICE_COLUMNS = [
  'Invoice number',
  'Customer',
  'Invoice date',
  'Due date',
  'Item (Product/Service)',
  'Item Description',
  'Item Quantity',
  'Item Rate',
  'Item Amount',
] as const;

/**
 * "Receive payments" import: one row per settled payment, the part applied to the invoice (a tip
 * is not part of an invoice; refunds are QuickBooks refund receipts, not payments).
 */
export const QUICKBOOKS_PAYMENT_COLUMNS = [
  'Payment date',
  'Customer',
  'Payment method',
  'Reference no',
  'Amount',
  'Invoice no',
] as const;

export const QUICKBOOKS_EXPORT_PATHS = {
  invoices: '/api/exports/quickbooks/invoices.csv',
  payments: '/api/exports/quickbooks/payments.csv',
} as const;

/** Both ends included, the business's dates; either may be left out (from the first, to the last). */
export const exportRangeSchema = z
  .object({
    from: calendarDate('Enter the first date').optional(),
    to: calendarDate('Enter the last date').optional(),
  })
  .refine((r) => !r.from || !r.to || r.from <= r.to, {
    path: ['to'],
    message: 'The last date must not be before the first',
  });
export type ExportRange = z.infer<typeof exportRangeSchema>;

/** `YYYY-MM-DD` as QuickBooks' US import reads a date. */
export const quickbooksDate = (date: string) =>
  `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
