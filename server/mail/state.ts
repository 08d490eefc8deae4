/**
 * The one `mail_state` row: whether mail is on, which makes server/events/record.ts write the comment
 * events into `mail_events` (and the assignment trigger of migration 0019 write its own), and the
 * key unsubscribe links are signed with. Each server writes `enabled` at start; the key is made once,
 * in the database, so every process of one PostgreSQL signs and checks links alike.
 */
import { randomBytes } from 'node:crypto';
import { isoAt, queryOne, type Db } from '../db/db.ts';

/** Switches mail on or off for every server on this database; returns the unsubscribe key. */
export async function setMailEnabled(db: Db, enabled: boolean, now: number): Promise<string> {
  const row = await queryOne<{ unsubscribe_secret: string }>(
    db,
    `INSERT INTO mail_state (singleton, enabled, unsubscribe_secret, modified_at) VALUES (true, $1, $2, $3::timestamptz)
     ON CONFLICT (singleton) DO UPDATE SET enabled = EXCLUDED.enabled, modified_at = EXCLUDED.modified_at
     RETURNING unsubscribe_secret`,
    [enabled, randomBytes(32).toString('base64url'), isoAt(now)],
  );
  return row!.unsubscribe_secret;
}

/** The unsubscribe key (made on first use when no server has switched mail on or off yet). */
export async function unsubscribeSecret(db: Db, now: number): Promise<string> {
  const row = await queryOne<{ unsubscribe_secret: string }>(db, 'SELECT unsubscribe_secret FROM mail_state');
  if (row) return row.unsubscribe_secret;
  const made = await queryOne<{ unsubscribe_secret: string }>(
    db,
    `INSERT INTO mail_state (singleton, enabled, unsubscribe_secret, modified_at) VALUES (true, false, $1, $2::timestamptz)
     ON CONFLICT (singleton) DO UPDATE SET singleton = true RETURNING unsubscribe_secret`,
    [randomBytes(32).toString('base64url'), isoAt(now)],
  );
  return made!.unsubscribe_secret;
}
