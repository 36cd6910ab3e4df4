/**
 * A press of "Use suggested price"; a new object each time, so pressing again refills it. Its own
 * file because the quote form and the send form both take one, and each imports the other's parts.
 */
export interface PriceSuggestion {
  amount: number;
}
