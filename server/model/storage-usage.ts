/**
 * What GET /workspace/storage answers: a workspace's storage use against its quota, read from the
 * same counters the quota checks read (storage-quota.ts), so the numbers a client sees are the ones
 * it will be refused by. API keys also see who uses the space; a reviewer sees only their own.
 * Files whose uploader was deleted count in the workspace's total only.
 */
import type { QuotaConfig } from '../domain/config.ts';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import { WORKSPACE_TOTAL } from './storage-quota.ts';

/** The users using the most space, at most this many (the answer is not paginated). */
export const STORAGE_USERS_LISTED = 100;

export interface UserStorage {
  userId: string;
  usedBytes: number;
  /** The part of `usedBytes` promised to uploads not completed yet. */
  pendingBytes: number;
  /** The user's own quota; null for an API key's service user (it counts against the workspace only). */
  quotaBytes: number | null;
}

export interface WorkspaceStorageResponse {
  workspaceId: string;
  /** Stored bytes plus the space promised to uploads under way. */
  usedBytes: number;
  pendingBytes: number;
  quotaBytes: number;
  /** Every reviewer's own quota within the workspace. */
  userQuotaBytes: number;
  /** Exchange tokens: the caller's own use. */
  user?: UserStorage;
  /** API keys: the users with stored files, most space first (at most STORAGE_USERS_LISTED). */
  users?: Array<UserStorage & { name: string | null; kind: string | null }>;
}

export async function workspaceStorage(db: Db, quotas: QuotaConfig, workspaceId: string, now: number): Promise<WorkspaceStorageResponse> {
  const totals = await queryOne<{ used: number; pending: number }>(
    db,
    `SELECT COALESCE(t.bytes, 0) + r.bytes AS used, COALESCE(t.pending_bytes, 0) + r.bytes AS pending
     FROM (SELECT COALESCE(sum(bytes), 0) AS bytes FROM storage_reservations WHERE workspace_id = $1 AND expires_at > $2::timestamptz) r
     LEFT JOIN storage_usage_now t ON t.workspace_id = $1 AND t.user_id = $3::uuid`,
    [workspaceId, isoAt(now), WORKSPACE_TOTAL],
  );
  return {
    workspaceId,
    usedBytes: Number(totals?.used ?? 0),
    pendingBytes: Number(totals?.pending ?? 0),
    quotaBytes: quotas.workspaceBytes,
    userQuotaBytes: quotas.userBytes,
  };
}

interface UserRow {
  user_id: string;
  name: string | null;
  kind: string | null;
  bytes: number;
  pending_bytes: number;
}

const userStorage = (quotas: QuotaConfig, row: UserRow): UserStorage => ({
  userId: row.user_id,
  usedBytes: Number(row.bytes),
  pendingBytes: Number(row.pending_bytes),
  quotaBytes: row.kind === 'service' ? null : quotas.userBytes,
});

/** Users with files in the workspace, most space first; `userId` narrows it to one user (who may have none). */
async function userRows(db: Db, workspaceId: string, userId: string | null): Promise<UserRow[]> {
  return db.query<UserRow>(
    `SELECT s.user_id, us.name, us.kind, s.bytes, s.pending_bytes
     FROM storage_usage_now s LEFT JOIN users us ON us.id = s.user_id
     WHERE s.workspace_id = $1 AND s.user_id <> $2::uuid AND s.bytes > 0 AND ($3::uuid IS NULL OR s.user_id = $3::uuid)
     ORDER BY s.bytes DESC, s.user_id LIMIT ${STORAGE_USERS_LISTED}`,
    [workspaceId, WORKSPACE_TOTAL, userId],
  );
}

export async function storageByUser(
  db: Db,
  quotas: QuotaConfig,
  workspaceId: string,
): Promise<NonNullable<WorkspaceStorageResponse['users']>> {
  return (await userRows(db, workspaceId, null)).map((row) => ({ ...userStorage(quotas, row), name: row.name, kind: row.kind }));
}

export async function storageOfUser(db: Db, quotas: QuotaConfig, workspaceId: string, userId: string): Promise<UserStorage> {
  const row = (await userRows(db, workspaceId, userId))[0];
  return row ? userStorage(quotas, row) : { userId, usedBytes: 0, pendingBytes: 0, quotaBytes: quotas.userBytes };
}
