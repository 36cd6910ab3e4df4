import {
  NOT_PERMITTED,
  PERMISSION_NAMES,
  notPermittedMessage,
  permissionsOf,
  roleCan,
  type Permission,
  type UserRole,
} from '@washdesk/contract';
import { HttpError } from '../http/errors.ts';

/** Daily work: every signed-in staff member may use the route. */
export const ANY_STAFF = 'any staff';
export type RouteDecision = Permission | typeof ANY_STAFF;

/**
 * What each staff API route needs, by its registered pattern: a permission of the contract's
 * matrix (`contract/src/roles.ts`), or any staff. Every route that changes something MUST be
 * here (`roles.security.test.ts` walks the app and fails on one that is not), so a new route
 * cannot ship without someone deciding who may use it. A read not listed is any staff's.
 * Public routes (`public-routes.ts`) are not staff routes and are never listed.
 */
export const ROUTE_DECISIONS: Readonly<Record<string, RouteDecision>> = {
  'GET /api/users': 'users',
  'POST /api/users': 'users',
  'PUT /api/users/:id': 'users',
  'POST /api/users/:id/reset-password': 'users',

  'PUT /api/settings/ai': 'aiBehaviour',
  'PUT /api/settings/responses/:id': 'aiBehaviour',
  'PUT /api/texts/settings': 'messageTemplates',
  'PUT /api/settings/business-hours': 'businessHours',
  'POST /api/faq': 'faq',
  'PUT /api/faq/:id': 'faq',
  'DELETE /api/faq/:id': 'faq',
  // "Back up now" (Settings → Backups).
  'POST /api/backups': 'backups',
  'POST /api/crews': 'crews',
  // Takings (issue 35): the dashboard's money card and the accountant's QuickBooks files. The
  // weekly report stays everyone's; it leaves its money out for a role without seeMoney.
  'GET /api/dashboard/money': 'seeMoney',
  'GET /api/exports/quickbooks/invoices.csv': 'seeMoney',
  'GET /api/exports/quickbooks/payments.csv': 'seeMoney',
  'PATCH /api/crews/:id': 'crews',
  // Settings → Payments: the deposit every quote asks at acceptance.
  'PUT /api/settings/payments': 'deposits',
  // Giving money back (Payments → Refund…); the ledger itself is any staff's to read.
  'POST /api/payments/:id/refund': 'refund',

  'POST /api/auth/logout': ANY_STAFF,
  'PUT /api/me/seen/:list': ANY_STAFF,
  'POST /api/texts/threads/:id/messages': ANY_STAFF,
  'POST /api/texts/threads/:id/take-over': ANY_STAFF,
  'POST /api/quotes/:id/follow-ups/stop': ANY_STAFF,
  'POST /api/quotes/:id/follow-ups/resume': ANY_STAFF,
  // Blocking a nuisance caller is an answer to a call, not a setting of the line.
  'POST /api/blocked-numbers': ANY_STAFF,
  'DELETE /api/blocked-numbers/:digits': ANY_STAFF,
  'POST /api/messenger/send': ANY_STAFF,
  'POST /api/messenger/messages/:id/retry': ANY_STAFF,
  'POST /api/messenger/conversations/:id/hand-back': ANY_STAFF,
  'PUT /api/photo-submissions/:id': ANY_STAFF,
  'POST /api/photo-submissions/:id/quotes': ANY_STAFF,
  'POST /api/photo-submissions/:id/quotes/:quoteId/link-copied': ANY_STAFF,
  'POST /api/photo-submissions/:id/quotes/questions/:questionId/answer': ANY_STAFF,
  // Quotes for any lead or customer (quote-sending/lead-quotes.routes.ts): daily work, as a submission's.
  'POST /api/leads/:id/quotes': ANY_STAFF,
  'POST /api/customers/:id/quotes': ANY_STAFF,
  // The customer's own page (account/): a sign-in link sent, or every signed-in device ended.
  'POST /api/customers/:id/account-link': ANY_STAFF,
  'DELETE /api/customers/:id/account-sessions': ANY_STAFF,
  'POST /api/quotes/:id/link-copied': ANY_STAFF,
  'POST /api/quotes/:id/book': ANY_STAFF,
  'POST /api/appointments/create': ANY_STAFF,
  'PUT /api/appointments/:id': ANY_STAFF,
  // "Copy visit link": a new key to the customer's own page, as a reminder would carry.
  'POST /api/appointments/:id/visit-link': ANY_STAFF,
  // Everyone makes and revokes their own links; whose links a person sees is the
  // `othersCalendarLinks` permission, applied inside the route (calendar-feed.routes.ts).
  'POST /api/calendar-feeds': ANY_STAFF,
  'DELETE /api/calendar-feeds/:id': ANY_STAFF,
  'PUT /api/leads/:id/stage': ANY_STAFF,
  'POST /api/leads/:id/estimate': ANY_STAFF,
  'PUT /api/customers/:id': ANY_STAFF,
  // A customer's service plan (its card on the record): daily office work, like booking a visit.
  'POST /api/customers/:id/service-plans': ANY_STAFF,
  'PUT /api/customers/:id/service-plans/:planId': ANY_STAFF,
  'POST /api/customers/:id/service-plans/:planId/stop': ANY_STAFF,
  'POST /api/customers/:id/merge': ANY_STAFF,
  'DELETE /api/customers/:id/possible-duplicates/:otherId': ANY_STAFF,
  // The board is the crew's daily work: moving a visit, booking a tray job, "On my way".
  'POST /api/schedule/visits/:id/move': ANY_STAFF,
  'POST /api/schedule/jobs/:id/visit': ANY_STAFF,
  'POST /api/jobs/:id/status': ANY_STAFF,
  // The crew's day is daily work: whoever runs the board moves it (each customer is told).
  'POST /api/schedule/route/apply': ANY_STAFF,
  'PUT /api/schedule/visits/:id/place': ANY_STAFF,
  'POST /api/schedule/rain-day/preview': ANY_STAFF,
  'POST /api/schedule/rain-day': ANY_STAFF,
  'POST /api/schedule/rain-day/:undoId/undo': ANY_STAFF,
  // Invoices are the office's daily work: making one for a done job, sending it again, taking
  // cash or a check at the door, and voiding one made by mistake (no money moves; refunds do,
  // and they are the owner's).
  'POST /api/jobs/:id/invoice': ANY_STAFF,
  'POST /api/invoices/:id/send': ANY_STAFF,
  'POST /api/invoices/:id/void': ANY_STAFF,
  'POST /api/invoices/:id/payments': ANY_STAFF,
};

/**
 * Whole areas that belong to one permission, so a route added there later is covered at once
 * (Settings → Backups' actions). Their reads stay any staff's: everyone sees whether backups work.
 */
const AREA_DECISIONS: readonly (readonly [prefix: string, permission: Permission])[] = [
  ['/api/backups/', 'backups'],
];

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The decision for a route, or undefined for a change nobody has decided on (which staff are
 * refused until someone does: a forgotten decision fails closed, and the walk test names it).
 */
export function routeDecision(method: string, pattern: string): RouteDecision | undefined {
  const verb = method === 'HEAD' ? 'GET' : method;
  const listed = ROUTE_DECISIONS[`${verb} ${pattern}`];
  if (listed) return listed;
  if (!CHANGES.has(verb)) return ANY_STAFF;
  return AREA_DECISIONS.find(([prefix]) => pattern.startsWith(prefix))?.[1];
}

/** The 403 (the contract's error shape, the matrix's words) for a role without `permission`. */
export function missingPermission(role: UserRole, permission: Permission): HttpError | undefined {
  if (roleCan(role, permission)) return undefined;
  return new HttpError(403, NOT_PERMITTED, notPermittedMessage(permission));
}

/** A role that holds every permission of the matrix (today the owner). */
const holdsEverything = (role: UserRole) => permissionsOf(role).length === PERMISSION_NAMES.length;

/**
 * Why this role may not use this route, or undefined when it may. Asked by the access guard
 * (`staff-session.ts`) on every staff route once the session is established. A change nobody has
 * decided on stays with whoever holds every permission, so it fails closed for everyone else.
 */
export function routeRefusal(role: UserRole, method: string, pattern: string): HttpError | undefined {
  const decision = routeDecision(method, pattern);
  if (decision === ANY_STAFF) return undefined;
  if (decision) return missingPermission(role, decision);
  if (holdsEverything(role)) return undefined;
  return new HttpError(
    403,
    NOT_PERMITTED,
    'Nobody has decided yet who may do this, so only the owner can. Tell the owner.',
  );
}
