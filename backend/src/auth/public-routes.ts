// The only API calls anyone may make without a staff session. Everything else under /api needs
// one; pages and their assets are public. Webhooks join this list in their own features and
// authenticate by signature instead.
//
// Entries are route PATTERNS as registered with Express, matched against the route that is about
// to handle the request (see `guardApiRoutes`), never against the raw path a client typed.

export const PUBLIC_API_ROUTES: readonly (readonly [method: string, pattern: string])[] = [
  ['GET', '/api/health'],
  ['GET', '/api/public/profile'],
  ['POST', '/api/photo-submissions'],
  ['POST', '/api/analyze-photos'],
  ['POST', '/api/photo-quote'],
  ['POST', '/api/service-requests'],
  ['POST', '/api/auth/login'],
  // Twilio's voice webhooks: authenticated by X-Twilio-Signature (phone/twilio-signature.ts).
  ['POST', '/api/twilio/incoming-call'],
  ['POST', '/api/twilio/process-speech'],
  ['POST', '/api/twilio/call-status'],
  // ConversationRelay's <Connect action> (phone/relay/), signed the same way. Its WebSocket
  // (/api/twilio/relay) is an upgrade, outside Express: its signature is checked there.
  ['POST', '/api/twilio/relay-ended'],
  // Twilio's messaging webhooks (texts/): the same X-Twilio-Signature check as the voice ones.
  ['POST', '/api/twilio/incoming-sms'],
  ['POST', '/api/twilio/message-status'],
  // Twilio's callbacks about a caller's recorded message (phone/voicemail.ts), signed the same way.
  ['POST', '/api/twilio/recording-status'],
  ['POST', '/api/twilio/recording-transcript'],
  // Meta's Messenger webhook: the verify token and the signature of every body authenticate it.
  ['GET', '/api/messenger/webhook'],
  ['POST', '/api/messenger/webhook'],
  // Stripe's webhook: the Stripe-Signature over the raw body authenticates it (payments/).
  ['POST', '/api/stripe/webhook'],
  // A calendar app's subscription: the secret token in the path authenticates it (calendar-feed/).
  ['GET', '/api/calendar-feed/:token.ics'],
  // A quote sent to a customer: the unguessable token in its link is the key (quote-sending/).
  ['GET', '/api/public/quotes/:token'],
  ['POST', '/api/public/quotes/:token/accept'],
  ['POST', '/api/public/quotes/:token/questions'],
  // "Pay the deposit" of an accepted quote: the same token; the amount is the server's (deposits/).
  ['POST', '/api/public/quotes/:token/pay'],
  // A visit reminder's link: the unguessable token is the key to that one visit (reminders/).
  ['GET', '/api/public/visits/:token'],
  ['POST', '/api/public/visits/:token/confirm'],
  ['POST', '/api/public/visits/:token/reschedule'],
  ['POST', '/api/public/visits/:token/cancel'],
  // A service plan's re-service reminder: the unguessable token opens that one job's slot pick (service-plans/).
  ['GET', '/api/public/plan-visits/:token'],
  ['POST', '/api/public/plan-visits/:token/pick'],
  // The customer's own page (account/): a link by text or e-mail, then the customer's own cookie.
  ['POST', '/api/public/account/link'],
  ['GET', '/api/public/account/links/:token'],
  ['POST', '/api/public/account/session'],
  ['GET', '/api/public/account'],
  ['POST', '/api/public/account/messages'],
  ['POST', '/api/public/account/open'],
  ['POST', '/api/public/account/contact'],
  ['POST', '/api/public/account/sign-out'],
  ['POST', '/api/public/account/invoices/:number/pay'],
  ['POST', '/api/public/account/quotes/:id/deposit'],
  // An invoice's link: the unguessable token opens that one invoice and its Pay (invoices/).
  ['GET', '/api/public/invoices/:token'],
  ['POST', '/api/public/invoices/:token/pay'],
];

const PUBLIC = new Set(PUBLIC_API_ROUTES.map(([method, pattern]) => `${method} ${pattern}`));

/** Whether a request with this method, handled by the route registered as `pattern`, is public. */
export const isPublicApiRoute = (method: string, pattern: string) =>
  PUBLIC.has(`${method === 'HEAD' ? 'GET' : method} ${pattern}`);
