// The spec's texts of the quote tool (section 8) that the contract has no constants for; its
// limits and the other texts come from the contract's modules free of zod (photo-files.ts).

export { CONTACT_REQUIRED, MAX_PHOTO_BYTES, MAX_QUOTE_PHOTOS, PHOTOS_REQUIRED } from '@washdesk/contract';

export const UPLOAD_FAILED = {
  title: 'Upload Failed',
  message: 'There was an error processing your photos. Please try again.',
};
export const QUOTE_GENERATED = {
  title: 'Quote Generated!',
  message: "Your rough quote is ready. We'll contact you within 24 hours for a detailed estimate.",
};
