// The quote tool's limits, from the contract's modules free of zod (photo-files.ts). Its texts
// (spec section 8's toasts among them, word for word in English) are in the catalogs (src/i18n).

export { MAX_PHOTO_BYTES, MAX_QUOTE_PHOTOS } from '@washdesk/contract';
