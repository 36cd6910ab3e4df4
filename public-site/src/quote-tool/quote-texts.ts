// The contract's texts and limits for the quote tool, repeated here on purpose: importing them
// from @washdesk/contract pulls in the modules that build its zod schemas, and zod with them
// (≈30 kB gzip, +40% on this page). The e2e tests compare what the page shows with the contract,
// so the two cannot drift apart unnoticed. Once the contract keeps these in a module free of zod,
// import them from there instead.

/** contract `PHOTOS_REQUIRED` */
export const PHOTOS_REQUIRED = {
  title: 'Photos Required',
  message: 'Please upload at least one photo to get a quote.',
};
/** contract `CONTACT_REQUIRED` */
export const CONTACT_REQUIRED = {
  title: 'Contact Info Required',
  message: 'Please provide your name and phone number.',
};
/** contract `MAX_QUOTE_PHOTOS` */
export const MAX_QUOTE_PHOTOS = 5;
/** contract `MAX_PHOTO_BYTES` (10 MB) */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** contract `PHONE_MIN_LENGTH` */
export const PHONE_MIN_LENGTH = 10;

// Spec section 8; the contract has no constants for these.
export const UPLOAD_FAILED = {
  title: 'Upload Failed',
  message: 'There was an error processing your photos. Please try again.',
};
export const QUOTE_GENERATED = {
  title: 'Quote Generated!',
  message: "Your rough quote is ready. We'll contact you within 24 hours for a detailed estimate.",
};
