// The customer's own page's words (issue 36) that the server answers with; the public site shows
// them in the page's language (public-site/src/account/account-texts.ts). No zod here.

export const ACCOUNT_TEXTS = {
  contactRequired: 'Enter your mobile number or e-mail address',
  contactInvalid: 'Enter a mobile number or an e-mail address',
  /** The one answer to a link request, known customer or not. */
  linkRequested:
    'If we have that number or e-mail on file, a sign-in link is on its way. It works once, for 60 minutes.',
  linkUnusable: 'This sign-in link has expired or was already used. Ask for a new one below.',
  signedOut: 'You are signed out.',
  notSignedIn: 'Please sign in to see your account.',
  messageRequired: 'Write your message',
  messageSent: 'Message sent. The office will get back to you.',
  messageNeedsPhone: 'We have no phone number for you, so please call us to send a message.',
  lastFourRequired: 'Enter the last 4 digits of the phone number we have for you',
  lastFourWrong: 'Those are not the last 4 digits of the phone number we have for you',
  contactSaved: 'Your contact details are saved.',
  notYours: 'That is not one of your items',
} as const;
