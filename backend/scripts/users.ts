// The operator's tool for staff accounts: npm run users -- add|reset|list|disable|enable
// Passwords are typed at a hidden prompt (or piped on standard input), never given as arguments,
// so they stay out of shell history and process lists.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { USER_ROLES, newPassword, type UserRole } from '@washdesk/contract';
import { hashPassword } from '../src/auth/password.ts';
import { sessionRepository } from '../src/auth/session.repository.ts';
import { calendarFeedRepository } from '../src/calendar-feed/calendar-feed.repository.ts';
import { userRepository } from '../src/auth/user.repository.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';

const USAGE = `Usage:
  npm run users -- list
  npm run users -- add --email you@example.com --name "Your Name" [--role owner|staff]
  npm run users -- reset --email you@example.com
  npm run users -- disable --email you@example.com
  npm run users -- enable --email you@example.com
  npm run users -- --help`;
const COMMANDS = ['list', 'add', 'reset', 'disable', 'enable'];

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** A command line the tool cannot read: what was wrong, then how to use it (exit 2, as getopt tools do). */
function usageError(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function readArguments() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string', default: 'staff' },
      },
    });
  } catch (error) {
    // parseArgs says which option it did not know or which value was missing; the stack is noise.
    usageError(error instanceof Error ? error.message : String(error));
  }
}

async function readPassword(prompt: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (process.stdin.isTTY) {
    process.stdout.write(prompt);
    // Hide what is typed: the readline echo is swallowed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
  }
  const line = await new Promise<string>((resolve) =>
    rl.once('line', resolve).once('close', () => resolve('')),
  );
  rl.close();
  if (process.stdin.isTTY) process.stdout.write('\n');
  const checked = newPassword.safeParse(line);
  if (!checked.success) fail(`Password not accepted: ${checked.error.issues[0]!.message}.`);
  return line;
}

async function main() {
  const { positionals, values } = readArguments();
  const command = positionals[0];
  if (values.help || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (!command || !COMMANDS.includes(command))
    usageError(command ? `Unknown command "${command}".` : 'No command given.');
  if (positionals.length > 1) usageError(`Unexpected argument "${positionals[1]}".`);
  const root = path.resolve(import.meta.dirname, '../..');
  if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
  let config;
  try {
    config = loadConfig(process.env, root);
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  const db = openDatabase(config.databaseFile, config.migrationsDir);
  // Signed out everywhere, and their calendar links revoked, as the Users screen does it.
  const endAccessOf = (userId: number) =>
    sessionRepository(db, config.session, calendarFeedRepository(db)).destroyAllFor(userId);
  const users = userRepository(db);
  const email = values.email?.trim().toLowerCase();
  const needUser = () => {
    if (!email) usageError('--email is required.');
    return users.byEmail(email) ?? fail(`No account with the e-mail ${email}.`);
  };

  switch (command) {
    case 'list': {
      const rows = users.list();
      if (!rows.length) process.stdout.write('No staff accounts yet.\n');
      for (const u of rows) {
        process.stdout.write(
          `${u.email.padEnd(36)} ${u.role.padEnd(6)} ${u.disabled ? 'disabled' : 'active  '} ${u.name}\n`,
        );
      }
      break;
    }
    case 'add': {
      if (!email || !values.name) usageError('--email and --name are required.');
      if (!(USER_ROLES as readonly string[]).includes(values.role!))
        usageError('--role must be owner or staff.');
      if (users.byEmail(email)) fail(`An account with the e-mail ${email} already exists; use reset.`);
      const password = await readPassword(`Password for ${email}: `);
      users.create({
        email,
        name: values.name,
        role: values.role as UserRole,
        passwordHash: await hashPassword(password),
      });
      process.stdout.write(`Added ${values.role} ${email}.\n`);
      break;
    }
    case 'reset': {
      const user = needUser();
      const password = await readPassword(`New password for ${user.email}: `);
      users.setPassword(user.id, await hashPassword(password));
      endAccessOf(user.id);
      process.stdout.write(
        `Password reset for ${user.email}; its sessions were signed out and its calendar links revoked.\n`,
      );
      break;
    }
    case 'disable':
    case 'enable': {
      const user = needUser();
      users.update(user.id, { disabled: command === 'disable' });
      if (command === 'disable') endAccessOf(user.id);
      process.stdout.write(
        command === 'disable'
          ? `Disabled ${user.email}; its sessions were signed out and its calendar links revoked.\n`
          : `Enabled ${user.email}.\n`,
      );
      break;
    }
  }
  db.close();
}

await main();
