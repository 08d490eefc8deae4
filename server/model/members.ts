/**
 * Workspace members and invitations (§4.7): listing, inviting under the verified-sender rule,
 * changing roles and removing people without ever leaving a workspace without an owner
 * (docs/api-decisions.md, "Workspace and users").
 */
import { randomUUID } from 'node:crypto';
import type { ListWorkspaceUsersResponse, WorkspaceRole } from '../../src/api/wire.ts';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import { ApiError, forbidden, notFound } from '../domain/errors.ts';

interface MemberRow {
  id: string;
  kind: 'member' | 'idp';
  name: string;
  email: string | null;
  email_verified: boolean;
  avatar_url: string | null;
  role: WorkspaceRole;
  created_at: Date;
  modified_at: Date;
}

interface InvitationRow {
  id: string;
  email: string;
  message: string | null;
  invited_by_user_id: string | null;
  created_at: Date;
}

export async function listMembers(db: Db, workspaceId: string): Promise<ListWorkspaceUsersResponse> {
  const members = await db.query<MemberRow>(
    `SELECT u.id, u.kind, u.name, u.email, u.email_verified, u.avatar_url, wm.role, wm.created_at, wm.modified_at
     FROM workspace_members wm JOIN users u ON u.id = wm.user_id
     WHERE wm.workspace_id = $1 AND u.deleted_at IS NULL ORDER BY wm.created_at, u.id`,
    [workspaceId],
  );
  const invitations = await db.query<InvitationRow>(
    `SELECT id, email, message, invited_by_user_id, created_at FROM workspace_invitations
     WHERE workspace_id = $1 AND accepted_at IS NULL ORDER BY created_at, email`,
    [workspaceId],
  );
  return {
    users: members.map((m) => ({
      id: m.id,
      email: m.email,
      name: m.name,
      role: m.role,
      avatarUrl: m.avatar_url,
      kind: m.kind,
      emailVerified: m.email_verified || m.kind === 'idp',
      createdAt: m.created_at.getTime(),
      modifiedAt: m.modified_at.getTime(),
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      message: i.message,
      invitedByUserId: i.invited_by_user_id,
      createdAt: i.created_at.getTime(),
    })),
  };
}

/**
 * Whom an invitation is sent in the name of: the longest-standing owner with a verified e-mail (or
 * an identity-provider sign-in). An API key has no address of its own; it speaks for such an owner.
 * Owners but none verified → 403: that is what the verified-e-mail rule exists to prevent. A
 * workspace without any owner yet (just created through the API) invites in the key's name
 * (`fallbackSender`, its service user), so an organization can staff a new workspace.
 */
async function verifiedSender(db: Db, workspaceId: string, fallbackSender: () => Promise<string>): Promise<string> {
  const owners = await db.query<{ id: string; verified: boolean }>(
    `SELECT u.id, (u.email IS NOT NULL AND (u.email_verified OR u.kind = 'idp')) AS verified
     FROM workspace_members wm JOIN users u ON u.id = wm.user_id
     WHERE wm.workspace_id = $1 AND wm.role = 'owner' AND u.deleted_at IS NULL
     ORDER BY wm.created_at, u.id`,
    [workspaceId],
  );
  if (owners.length === 0) return fallbackSender();
  const sender = owners.find((o) => o.verified);
  if (!sender)
    throw forbidden('Invitations are sent in the name of an owner with a verified e-mail address; no owner of this workspace has one');
  return sender.id;
}

/**
 * Records an invitation per address. Addresses of current members are skipped; an address already
 * invited gets its invitation renewed (new message, new date), so repeating a request is harmless.
 */
export async function inviteMembers(
  tx: Db,
  workspaceId: string,
  input: { emails: string[]; message?: string | undefined },
  fallbackSender: () => Promise<string>,
  now: number,
): Promise<void> {
  const { emails, message } = input;
  const sender = await verifiedSender(tx, workspaceId, fallbackSender);
  const unique = [...new Set(emails)];
  const members = await tx.query<{ email: string }>(
    `SELECT lower(u.email) AS email FROM workspace_members wm JOIN users u ON u.id = wm.user_id
     WHERE wm.workspace_id = $1 AND u.deleted_at IS NULL AND lower(u.email) = ANY($2::text[])`,
    [workspaceId, unique],
  );
  const skip = new Set(members.map((m) => m.email));
  for (const email of unique) {
    if (skip.has(email)) continue;
    await tx.query(
      `INSERT INTO workspace_invitations (id, workspace_id, email, message, invited_by_user_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::timestamptz)
       ON CONFLICT (workspace_id, email) DO UPDATE
         SET message = EXCLUDED.message, invited_by_user_id = EXCLUDED.invited_by_user_id,
             created_at = EXCLUDED.created_at, accepted_at = NULL`,
      [randomUUID(), workspaceId, email, message ?? null, sender, isoAt(now)],
    );
  }
}

/** The member's current role; 404 when the id is not a member of this workspace. */
async function memberRole(tx: Db, workspaceId: string, userId: string): Promise<WorkspaceRole> {
  const row = await queryOne<{ role: WorkspaceRole }>(
    tx,
    `SELECT wm.role FROM workspace_members wm JOIN users u ON u.id = wm.user_id
     WHERE wm.workspace_id = $1 AND wm.user_id = $2 AND u.deleted_at IS NULL`,
    [workspaceId, userId],
  );
  if (!row) throw notFound('Workspace user');
  return row.role;
}

/** Callers lock the workspace row first, so two concurrent demotions cannot both pass this check. */
async function refuseLastOwner(tx: Db, workspaceId: string, what: string): Promise<void> {
  const row = await queryOne<{ n: number }>(
    tx,
    "SELECT count(*)::int AS n FROM workspace_members WHERE workspace_id = $1 AND role = 'owner'",
    [workspaceId],
  );
  if ((row?.n ?? 0) <= 1) throw new ApiError(409, 'conflict', `${what}: a workspace must keep at least one owner`);
}

export async function changeRole(tx: Db, workspaceId: string, userId: string, role: WorkspaceRole, now: number): Promise<void> {
  const current = await memberRole(tx, workspaceId, userId);
  if (current === role) return;
  if (current === 'owner') await refuseLastOwner(tx, workspaceId, 'Cannot change the role of the last owner');
  await tx.query('UPDATE workspace_members SET role = $3, modified_at = $4::timestamptz WHERE workspace_id = $1 AND user_id = $2', [
    workspaceId,
    userId,
    role,
    isoAt(now),
  ]);
}

/**
 * Ends the membership. The user record stays (their threads and messages keep their author, now a
 * guest), but their exchange tokens are revoked so the removal takes effect at once.
 */
export async function removeMember(tx: Db, workspaceId: string, userId: string, now: number): Promise<void> {
  const current = await memberRole(tx, workspaceId, userId);
  if (current === 'owner') await refuseLastOwner(tx, workspaceId, 'Cannot remove the last owner');
  await tx.query('DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [workspaceId, userId]);
  await tx.query('UPDATE exchange_tokens SET revoked_at = $2::timestamptz WHERE user_id = $1 AND revoked_at IS NULL', [userId, isoAt(now)]);
}
