import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import { hashPassword } from './password.ts';
import type { UserRepository } from './user.repository.ts';

export const DEMO_OWNER_EMAIL = 'owner@washdesk.example';

/**
 * Makes sure someone can sign in: OWNER_EMAIL/OWNER_PASSWORD create the owner when no account has
 * that e-mail (never reset or re-enable one); a demo database without any account gets a demo
 * owner whose password is shown once. Returns lines for the operator.
 */
export async function ensureOwner(config: Config, users: UserRepository): Promise<string[]> {
  if (config.owner) {
    const { email, password, name } = config.owner;
    if (!users.byEmail(email)) {
      users.create({ email, name, role: 'owner', passwordHash: await hashPassword(password) });
      return [`Created the owner account ${email} from OWNER_EMAIL.`];
    }
    // Only ever creates (issue 31): resetting at every start undid a password reset and re-enabled
    // a disabled owner. Resets are `npm run users -- reset`'s and Settings' job.
    return [];
  }
  if (users.list().length > 0) return [];
  if (!config.demoData) {
    return [
      'No staff account exists yet. Set OWNER_EMAIL and OWNER_PASSWORD, or run: npm run users -- add --email you@example.com --name "Your Name" --role owner',
    ];
  }
  const password = randomBytes(12).toString('base64url');
  users.create({
    email: DEMO_OWNER_EMAIL,
    name: 'Demo Owner',
    role: 'owner',
    passwordHash: await hashPassword(password),
  });
  return [
    'Demo owner account created (shown only this once):',
    `  e-mail:   ${DEMO_OWNER_EMAIL}`,
    `  password: ${password}`,
    'Lost it? npm run users -- reset --email owner@washdesk.example',
  ];
}
