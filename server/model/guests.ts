/**
 * Guests (issue 18; docs/api-decisions.md, "Guest reporting"): visitors who report with a name and an
 * e-mail address on an installation that allows it. A guest is an external user of the workspace
 * (`guest:<hash of the browser key>`), with a `guests` row naming its installation and address; the
 * team blocks an address per workspace (`guest_blocks`). Also the challenge key and the spent
 * challenges of the sign-in's abuse check (domain/guest-challenge.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { GuestResponse } from '../../src/api/wire.ts';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import { ApiError } from '../domain/errors.ts';
import { upsertExternalUser } from './users.ts';

export const guestBlockedError = () =>
  new ApiError(
    403,
    'guest_blocked',
    'The team of this site has blocked this e-mail address from sending feedback as a guest. Contact them another way if this is a mistake.',
  );

/** The key challenges are signed with (made on first use, in the database). */
export async function guestChallengeSecret(db: Db): Promise<string> {
  const row = await queryOne<{ challenge_secret: string }>(
    db,
    `INSERT INTO guest_state (singleton, challenge_secret) VALUES (true, $1)
     ON CONFLICT (singleton) DO UPDATE SET singleton = true RETURNING challenge_secret`,
    [randomBytes(32).toString('base64url')],
  );
  return row!.challenge_secret;
}

/** Marks a challenge spent; false when it already was. Spent challenges past their expiry are swept here. */
export async function spendChallenge(db: Db, challenge: string, expiresAt: number, now: number): Promise<boolean> {
  await db.query('DELETE FROM guest_spent_challenges WHERE expires_at <= $1::timestamptz', [isoAt(now)]);
  const row = await queryOne(
    db,
    `INSERT INTO guest_spent_challenges (challenge_hash, expires_at) VALUES ($1, $2::timestamptz)
     ON CONFLICT (challenge_hash) DO NOTHING RETURNING 1`,
    [createHash('sha256').update(challenge).digest('hex'), isoAt(expiresAt)],
  );
  return row !== undefined;
}

export async function isAddressBlocked(db: Db, workspaceId: string, email: string): Promise<boolean> {
  const row = await queryOne(db, 'SELECT 1 FROM guest_blocks WHERE workspace_id = $1 AND email = $2', [workspaceId, email.toLowerCase()]);
  return row !== undefined;
}

/** The guest this browser key stands for (created or brought up to date); returns the user id. */
export async function upsertGuest(
  tx: Db,
  args: { workspaceId: string; installationId: string; browserKey: string; name: string; email: string; now: number },
): Promise<string> {
  const externalId = `guest:${createHash('sha256').update(args.browserKey).digest('hex')}`;
  const email = args.email.toLowerCase();
  const userId = await upsertExternalUser(tx, args.workspaceId, externalId, { name: args.name, email }, args.now);
  await tx.query(
    `INSERT INTO guests (user_id, workspace_id, installation_id, email, created_at) VALUES ($1, $2, $3, $4, $5::timestamptz)
     ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, installation_id = EXCLUDED.installation_id`,
    [userId, args.workspaceId, args.installationId, email, isoAt(args.now)],
  );
  return userId;
}

interface GuestRow {
  user_id: string;
  name: string;
  email: string;
  installation_id: string;
  blocked: boolean;
  created_at: Date;
}

/** The guest `userId` of this workspace, or undefined when that user is not a guest here. */
export async function findGuest(db: Db, workspaceId: string, userId: string): Promise<GuestResponse | undefined> {
  const row = await queryOne<GuestRow>(
    db,
    `SELECT g.user_id, u.name, g.email, g.installation_id, g.created_at,
       EXISTS (SELECT 1 FROM guest_blocks b WHERE b.workspace_id = g.workspace_id AND b.email = g.email) AS blocked
     FROM guests g JOIN users u ON u.id = g.user_id WHERE g.user_id = $1 AND g.workspace_id = $2`,
    [userId, workspaceId],
  );
  return (
    row && {
      userId: row.user_id,
      name: row.name,
      email: row.email,
      installationId: row.installation_id,
      blocked: row.blocked,
      createdAt: row.created_at.getTime(),
    }
  );
}

/**
 * Blocks the guest's address in the workspace: every guest with it is signed out (their exchange
 * tokens revoked) and no guest with it signs in or posts again until unblocked.
 */
export async function blockAddress(tx: Db, workspaceId: string, email: string, blockedBy: string | null, now: number): Promise<void> {
  await tx.query(
    `INSERT INTO guest_blocks (workspace_id, email, blocked_by, blocked_at) VALUES ($1, $2, $3, $4::timestamptz)
     ON CONFLICT (workspace_id, email) DO NOTHING`,
    [workspaceId, email, blockedBy, isoAt(now)],
  );
  await tx.query(
    `UPDATE exchange_tokens SET revoked_at = $3::timestamptz
     WHERE revoked_at IS NULL AND source = 'guest' AND user_id IN (SELECT user_id FROM guests WHERE workspace_id = $1 AND email = $2)`,
    [workspaceId, email, isoAt(now)],
  );
}

export async function unblockAddress(db: Db, workspaceId: string, email: string): Promise<void> {
  await db.query('DELETE FROM guest_blocks WHERE workspace_id = $1 AND email = $2', [workspaceId, email]);
}

/** What the guard checks on a guest's request: blocked, and (with a thread) whether the guest started it. */
export async function guestStanding(
  db: Db,
  userId: string,
  target: { threadId?: string; messageId?: string },
): Promise<{ blocked: boolean; ownsTarget: boolean }> {
  const row = await queryOne<{ blocked: boolean; owns: boolean }>(
    db,
    `SELECT EXISTS (SELECT 1 FROM guests g JOIN guest_blocks b ON b.workspace_id = g.workspace_id AND b.email = g.email WHERE g.user_id = $1) AS blocked,
       CASE WHEN $2::uuid IS NOT NULL THEN EXISTS (SELECT 1 FROM threads t WHERE t.id = $2::uuid AND t.author_user_id = $1)
            WHEN $3::uuid IS NOT NULL THEN EXISTS (SELECT 1 FROM messages m JOIN threads t ON t.id = m.thread_id WHERE m.id = $3::uuid AND t.author_user_id = $1)
            ELSE true END AS owns`,
    [userId, target.threadId ?? null, target.messageId ?? null],
  );
  return { blocked: row!.blocked, ownsTarget: row!.owns };
}

/** Threads the installation's guests started since the UTC day began, and the installation's cap. */
export async function guestThreadsToday(db: Db, userId: string, now: number): Promise<{ count: number; cap: number }> {
  const dayStart = now - (now % 86_400_000);
  const row = await queryOne<{ count: number; cap: number }>(
    db,
    `SELECT i.guest_daily_thread_cap AS cap,
       (SELECT count(*)::int FROM threads t JOIN guests og ON og.user_id = t.author_user_id
        WHERE og.installation_id = g.installation_id AND t.created_at >= $2::timestamptz) AS count
     FROM guests g JOIN installations i ON i.id = g.installation_id WHERE g.user_id = $1`,
    [userId, isoAt(dayStart)],
  );
  return { count: Number(row?.count ?? 0), cap: Number(row?.cap ?? 0) };
}
