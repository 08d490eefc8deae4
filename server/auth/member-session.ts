/**
 * Members' sessions for the review app (/app, issue 16). A person signs in with the same identity
 * provider as the widget; the server finds the workspaces where that identity is a member and
 * mints a `pmm_` token for one of them. Unlike an exchange token (one markup, as a reviewer) a
 * member session reaches the whole workspace, as the member's own user. The role is read again on
 * every request, so removing someone from the workspace signs them out at once.
 *
 * Who counts as a member (docs/api-decisions.md, "Review app"): a user of the workspace with this
 * identity (issuer + subject) and a workspace_members row; or, with an address the provider has
 * verified, a member or a pending invitation under that address (the identity is then linked).
 * In the demo, the development sign-in joins the demo workspace as an admin so a newcomer can try
 * everything; production never adds members by itself.
 */
import { randomUUID } from 'node:crypto';
import type { MemberSessionResponse, WorkspaceRole } from '../../src/api/wire.ts';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import { ApiError, forbidden, unauthorized } from '../domain/errors.ts';
import type { Clock } from '../domain/clock.ts';
import type { MemberCaller } from '../domain/viewer.ts';
import { upsertIdpUser } from '../model/users.ts';
import type { IdpIdentity } from './idp-token.ts';
import { MEMBER_TOKEN_PREFIX, randomToken, sha256Hex } from './tokens.ts';

export const MEMBER_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

interface Membership {
  workspace_id: string;
  workspace_name: string;
  user_id: string;
  role: WorkspaceRole;
}

const MEMBERSHIP_COLUMNS = `wm.workspace_id, w.name AS workspace_name, wm.user_id, wm.role`;

/** The workspaces where this identity is already a member, oldest membership first. */
async function membershipsOf(db: Db, identity: IdpIdentity): Promise<Membership[]> {
  return db.query<Membership>(
    `SELECT ${MEMBERSHIP_COLUMNS}
     FROM users u JOIN workspace_members wm ON wm.user_id = u.id JOIN workspaces w ON w.id = wm.workspace_id AND w.deleted_at IS NULL
     WHERE u.idp_issuer = $1 AND u.idp_subject = $2 AND u.deleted_at IS NULL
     ORDER BY wm.created_at, wm.workspace_id`,
    [identity.issuer, identity.subject],
  );
}

/**
 * Links a verified address to membership: members invited under it (not yet linked to another
 * identity) take this identity; pending invitations become memberships as contributors.
 */
async function claimByVerifiedEmail(tx: Db, identity: IdpIdentity, now: number): Promise<void> {
  if (!identity.emailVerified || !identity.email) return;
  const email = identity.email.toLowerCase();
  await tx.query(
    `UPDATE users u SET idp_issuer = $1, idp_subject = $2, modified_at = $4::timestamptz
     WHERE u.kind = 'member' AND lower(u.email) = $3 AND u.idp_issuer IS NULL AND u.deleted_at IS NULL
       AND EXISTS (SELECT 1 FROM workspace_members wm WHERE wm.user_id = u.id)
       AND NOT EXISTS (SELECT 1 FROM users o WHERE o.workspace_id = u.workspace_id AND o.idp_issuer = $1 AND o.idp_subject = $2)`,
    [identity.issuer, identity.subject, email, isoAt(now)],
  );
  const invitations = await tx.query<{ id: string; workspace_id: string }>(
    `SELECT id, workspace_id FROM workspace_invitations WHERE lower(email) = $1 AND accepted_at IS NULL`,
    [email],
  );
  for (const invitation of invitations) {
    await joinWorkspace(tx, invitation.workspace_id, identity, 'contributor', now);
    await tx.query('UPDATE workspace_invitations SET accepted_at = $2::timestamptz WHERE id = $1', [invitation.id, isoAt(now)]);
  }
}

/** Makes the identity's user of the workspace a member with this role, unless it is one already. */
export async function joinWorkspace(tx: Db, workspaceId: string, identity: IdpIdentity, role: WorkspaceRole, now: number) {
  const userId = await upsertIdpUser(tx, workspaceId, identity.issuer, identity.subject, identity, now);
  await tx.query(
    `INSERT INTO workspace_members (workspace_id, user_id, role, created_at, modified_at)
     VALUES ($1, $2, $3, $4::timestamptz, $4::timestamptz) ON CONFLICT (workspace_id, user_id) DO NOTHING`,
    [workspaceId, userId, role, isoAt(now)],
  );
}

export interface MemberSignIn {
  identity: IdpIdentity;
  /** The workspace asked for; the oldest membership when absent. */
  workspaceId?: string;
  /** The demo's workspace, which the development sign-in joins (null outside the demo). */
  demoWorkspaceId: string | null;
  /** Whether the identity came from the built-in development provider. */
  devIdentity: boolean;
  now: number;
}

export async function signInMember(db: Db, request: MemberSignIn): Promise<MemberSessionResponse> {
  const { identity, now } = request;
  return db.transaction(async (tx) => {
    let memberships = await membershipsOf(tx, identity);
    if (memberships.length === 0) {
      await claimByVerifiedEmail(tx, identity, now);
      if (request.devIdentity && request.demoWorkspaceId) await joinWorkspace(tx, request.demoWorkspaceId, identity, 'admin', now);
      memberships = await membershipsOf(tx, identity);
    }
    if (memberships.length === 0) {
      throw forbidden(`${identity.email ?? identity.name} is not a member of any workspace here: ask a workspace owner for an invitation`);
    }
    const asked = request.workspaceId?.toLowerCase();
    const chosen = asked ? memberships.find((m) => m.workspace_id === asked) : memberships[0];
    if (!chosen) throw forbidden('You are not a member of that workspace');
    const token = randomToken(MEMBER_TOKEN_PREFIX);
    const expiresAt = now + MEMBER_SESSION_TTL_MS;
    await tx.query(
      `INSERT INTO member_sessions (id, token_hash, workspace_id, user_id, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz)`,
      [randomUUID(), sha256Hex(token), chosen.workspace_id, chosen.user_id, isoAt(expiresAt), isoAt(now)],
    );
    return {
      memberToken: token,
      expiresAt: isoAt(expiresAt),
      workspaceId: chosen.workspace_id,
      userId: chosen.user_id,
      role: chosen.role,
      name: identity.name,
      ...(identity.email ? { email: identity.email } : {}),
      workspaces: memberships.map((m) => ({ id: m.workspace_id, name: m.workspace_name, role: m.role })),
    };
  });
}

interface SessionRow {
  id: string;
  workspace_id: string;
  organization_id: string;
  user_id: string;
  expires_at: Date;
  revoked_at: Date | null;
  role: WorkspaceRole | null;
}

/** The caller behind a `pmm_` token (its SHA-256): 401 when unknown, signed out, expired or no longer a member. */
export async function resolveMemberSession(deps: { db: Db; clock: Clock }, hash: string): Promise<MemberCaller> {
  const row = await queryOne<SessionRow>(
    deps.db,
    `SELECT s.id, s.workspace_id, w.organization_id, s.user_id, s.expires_at, s.revoked_at, wm.role
     FROM member_sessions s JOIN workspaces w ON w.id = s.workspace_id AND w.deleted_at IS NULL
     LEFT JOIN workspace_members wm ON wm.workspace_id = s.workspace_id AND wm.user_id = s.user_id
     WHERE s.token_hash = $1`,
    [hash],
    { prepare: true },
  );
  if (!row || row.revoked_at) throw unauthorized('Signed out: sign in to the review app again');
  if (row.expires_at.getTime() <= deps.clock.now()) {
    throw new ApiError(401, 'token_expired', `The session expired at ${isoAt(row.expires_at.getTime())}; sign in again`);
  }
  if (!row.role) throw unauthorized('You are no longer a member of this workspace');
  return {
    kind: 'member',
    tokenId: row.id,
    workspaceId: row.workspace_id,
    organizationId: row.organization_id,
    userId: row.user_id,
    role: row.role,
    expiresAt: row.expires_at.getTime(),
  };
}

/** Signs a session out (idempotent); the token stops working at once. */
export async function revokeMemberSession(db: Db, tokenId: string, now: number): Promise<void> {
  await db.query('UPDATE member_sessions SET revoked_at = $2::timestamptz WHERE id = $1 AND revoked_at IS NULL', [tokenId, isoAt(now)]);
}
