// Screenshots for people to look at, taken only by `npm run screenshots` (WASHDESK_PICTURES set):
// they check nothing the other tests do not, and cost reloads and CI minutes under `npm test`.

/** A test that only takes pictures: left out of `npm test` (playwright.config.ts). */
export const PICTURES = { tag: '@pictures' };
/** A test that takes a picture on the way: `npm test` runs it without taking the picture. */
export const WITH_PICTURES = { tag: '@with-pictures' };
/** What `npm test` leaves out. */
export const PICTURES_ONLY = /@pictures/;
/** Whether this run takes the pictures. */
export const TAKING_PICTURES = Boolean(process.env.WASHDESK_PICTURES);
