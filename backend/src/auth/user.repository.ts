import type { User, UserRole } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';

export interface UserRow {
  id: number;
  email: string;
  name: string;
  role: UserRole;
  password_hash: string;
  disabled_at: string | null;
  failed_logins: number;
  locked_until: string | null;
  last_login_at: string | null;
  created_at: string;
}

export const toUser = (r: UserRow): User => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  disabled: r.disabled_at !== null,
  createdAt: r.created_at,
  lastLoginAt: r.last_login_at,
});

export function userRepository(db: Db) {
  const byEmail = db.prepare('SELECT * FROM users WHERE email = ?');
  const byId = db.prepare('SELECT * FROM users WHERE id = ?');
  const all = db.prepare('SELECT * FROM users ORDER BY role DESC, name COLLATE NOCASE, id');
  const insert = db.prepare(`INSERT INTO users (email, name, role, password_hash, created_at, updated_at)
    VALUES (@email, @name, @role, @passwordHash, @now, @now)`);
  const setPassword =
    db.prepare(`UPDATE users SET password_hash = @passwordHash, failed_logins = 0, locked_until = NULL,
    updated_at = @now WHERE id = @id`);
  // failed_logins and locked_until (0002) are only cleared: sign-in waits are per account AND
  // address now, kept by auth/sign-in-throttle.ts.
  const succeeded = db.prepare(
    'UPDATE users SET failed_logins = 0, locked_until = NULL, last_login_at = @now WHERE id = @id',
  );
  const owners = db.prepare("SELECT COUNT(*) AS n FROM users WHERE role = 'owner' AND disabled_at IS NULL");

  const row = (id: number) => byId.get(id) as UserRow | undefined;
  return {
    byEmail: (email: string) => byEmail.get(email.trim()) as UserRow | undefined,
    row,
    get: (id: number) => {
      const r = row(id);
      return r && toUser(r);
    },
    list: () => (all.all() as UserRow[]).map(toUser),
    activeOwnerCount: () => (owners.get() as { n: number }).n,
    create(user: { email: string; name: string; role: UserRole; passwordHash: string }) {
      return toUser(row(Number(insert.run({ ...user, now: nowIso() }).lastInsertRowid))!);
    },
    setPassword: (id: number, passwordHash: string) =>
      setPassword.run({ id, passwordHash, now: nowIso() }).changes > 0,
    update(id: number, change: { name?: string; role?: UserRole; disabled?: boolean }) {
      const sets: string[] = [];
      if (change.name !== undefined) sets.push('name = @name');
      if (change.role !== undefined) sets.push('role = @role');
      if (change.disabled !== undefined)
        sets.push(change.disabled ? 'disabled_at = COALESCE(disabled_at, @now)' : 'disabled_at = NULL');
      const { changes } = db
        .prepare(`UPDATE users SET ${[...sets, 'updated_at = @now'].join(', ')} WHERE id = @id`)
        .run({ name: change.name, role: change.role, id, now: nowIso() });
      return changes ? toUser(row(id)!) : undefined;
    },
    recordSuccess: (id: number) => succeeded.run({ id, now: nowIso() }),
  };
}
export type UserRepository = ReturnType<typeof userRepository>;
