import { expect, it } from 'vitest';
import { databaseBefore } from '../test/database-before.ts';

// Migration 0017: links made before they had an owner's id recorded their creator by name. Each
// either becomes its creator's, so it ends with their access, or is revoked: a link nobody's
// leaving could end must not keep serving the schedule.

it("gives each older link its creator's account, or revokes it when that cannot be told", () => {
  const old = databaseBefore(17);
  try {
    const at = '2026-01-01T00:00:00.000Z';
    const user = old.db
      .prepare(`INSERT INTO users (email, name, role, password_hash, disabled_at, created_at, updated_at)
      VALUES (?, ?, 'staff', 'x', ?, '${at}', '${at}')`);
    const sam = Number(user.run('sam@example.com', 'Sam', null).lastInsertRowid);
    user.run('jo1@example.com', 'Jo', null);
    user.run('jo2@example.com', 'Jo', null);
    const gone = Number(user.run('gone@example.com', 'Gone', at).lastInsertRowid);
    const feed = old.db.prepare(
      `INSERT INTO calendar_feeds (token_hash, created_by, created_at, revoked_at) VALUES (?, ?, '${at}', ?)`,
    );
    feed.run('h-sam', 'Sam', null);
    feed.run('h-jo', 'Jo', null);
    feed.run('h-nobody', null, null);
    feed.run('h-gone', 'Gone', null);
    feed.run('h-sam-revoked', 'Sam', at);

    old.upgrade();

    const rows = old.db
      .prepare(
        `SELECT token_hash AS link, created_by_user_id AS owner, revoked_at IS NOT NULL AS revoked
         FROM calendar_feeds ORDER BY id`,
      )
      .all();
    expect(rows).toEqual([
      { link: 'h-sam', owner: sam, revoked: 0 },
      { link: 'h-jo', owner: null, revoked: 1 },
      { link: 'h-nobody', owner: null, revoked: 1 },
      { link: 'h-gone', owner: gone, revoked: 1 },
      { link: 'h-sam-revoked', owner: sam, revoked: 1 },
    ]);
  } finally {
    old.close();
  }
});
