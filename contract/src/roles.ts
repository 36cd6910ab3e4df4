import { USER_ROLES, type UserRole } from './session.ts';

/**
 * Who may do what: ONE matrix for the server (which answers 403 to a role without the
 * permission, `backend/src/auth/route-permissions.ts`) and the admin (which does not offer a
 * control the signed-in role cannot use). Everything not named here is daily work that every
 * signed-in staff member does: leads, quotes, appointments, calls, texts, Messenger replies,
 * customers, blocked numbers, their own calendar links.
 *
 * `doing` finishes "Only the owner can …", the words of both the 403 and the admin's tooltip.
 * `inUse: false` marks a decision taken before any route or screen offers the action, so the
 * first one is born with its rule.
 */
export const PERMISSIONS = {
  aiBehaviour: {
    roles: ['owner'],
    doing: 'change how the AI assistant behaves',
    covers: 'AI settings (its switches and response delay) and the common responses',
    reason:
      'The assistant speaks for the business on every call, text and message; turning it off changes what every customer hears.',
    inUse: true,
  },
  messageTemplates: {
    roles: ['owner'],
    doing: 'change the automatic messages',
    covers:
      'Settings → Automatic messages: which texts and e-mails go out by themselves, when, and their words',
    reason: 'These go to every customer without anyone reading them first, in the business’s name.',
    inUse: true,
  },
  businessHours: {
    roles: ['owner'],
    doing: 'change the business hours',
    covers: 'Settings → Telephony → Business Hours and holidays',
    reason: 'They decide when callers are put through to a person and what the assistant promises them.',
    inUse: true,
  },
  faq: {
    roles: ['owner'],
    doing: 'add, edit or delete FAQ entries',
    covers: 'FAQ Management: create, edit, activate and delete entries',
    reason:
      'The assistant answers customers from the FAQ, so an entry is a promise made in the business’s name.',
    inUse: true,
  },
  prices: {
    roles: ['owner'],
    doing: 'change the advertised prices',
    covers: 'The per-square-foot prices and the minimum job that every quote is worked out from',
    reason: 'Prices are the owner’s decision; staff quote each job from them.',
    inUse: false,
  },
  telephony: {
    roles: ['owner'],
    doing: 'change the phone line and AI provider settings',
    covers:
      'Settings → Telephony: the Twilio line and the AI provider (read-only today: they come from the server’s environment)',
    reason: 'A wrong number or key silences the phone line and the assistant for everyone.',
    inUse: false,
  },
  users: {
    roles: ['owner'],
    doing: 'manage staff accounts',
    covers: 'Settings → Staff: list, add, disable, change the role of and reset the password of accounts',
    reason:
      'Who can see customers’ details is the owner’s decision; a staff member cannot make themself owner.',
    inUse: true,
  },
  backups: {
    roles: ['owner'],
    doing: 'run or change backups',
    covers:
      'Settings → Backups actions such as "Back up now" (everyone sees whether backups work), and the failure e-mails',
    reason: 'Backups hold every customer’s details; running and restoring them is the owner’s job.',
    inUse: true,
  },
  othersCalendarLinks: {
    roles: ['owner'],
    doing: "see or revoke other people's calendar links",
    covers: 'Settings → Calendar: every staff member’s subscription links (everyone manages their own)',
    reason:
      'A calendar link shows the whole schedule to whoever holds it, so someone must be able to end any of them.',
    inUse: true,
  },
  crews: {
    roles: ['owner'],
    doing: 'add, change or retire crews',
    covers: 'Settings → Crews: the crews on the board, their names and colours (everyone moves visits)',
    reason: 'How many crews work and who they are is how the business is run; the board follows it.',
    inUse: true,
  },
  deposits: {
    roles: ['owner'],
    doing: 'change the deposit customers pay up front',
    covers:
      'Settings → Payments: the deposit rule every quote asks when it is accepted (staff may set one quote’s own)',
    reason: 'What customers must pay before the work is a price decision, shown on every quote.',
    inUse: true,
  },
  seeMoney: {
    roles: ['owner'],
    doing: "see the business's takings",
    covers:
      'Revenue, payments and totals over time: the money on the dashboard and in the weekly report, the QuickBooks exports (staff still see the price of each job they quote)',
    reason: 'Takings are the owner’s business; daily work needs only the price of the job at hand.',
    inUse: true,
  },
  refund: {
    roles: ['owner'],
    doing: 'refund a customer',
    covers: 'Giving money back for a paid job',
    reason: 'A refund moves the business’s money.',
    inUse: true,
  },
} as const satisfies Record<
  string,
  { roles: readonly UserRole[]; doing: string; covers: string; reason: string; inUse: boolean }
>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Whether a role has a permission; unknown roles have none. */
export const roleCan = (role: UserRole, permission: Permission): boolean =>
  (PERMISSIONS[permission].roles as readonly UserRole[]).includes(role);

/** Every permission a role has, in the matrix's order. */
export const permissionsOf = (role: UserRole): Permission[] =>
  PERMISSION_NAMES.filter((permission) => roleCan(role, permission));

const ROLE_NAMES: Record<UserRole, string> = { owner: 'the owner', staff: 'staff' };

/** "Only the owner can …": the 403's message and the admin's explanation of a control it does not offer. */
export function notPermittedMessage(permission: Permission): string {
  const who = USER_ROLES.filter((role) => roleCan(role, permission)).map((role) => ROLE_NAMES[role]);
  return `Only ${who.join(' or ')} can ${PERMISSIONS[permission].doing}.`;
}

/** The error code of a 403 for a missing permission (the body has the contract's error shape). */
export const NOT_PERMITTED = 'not_permitted';
