/**
 * External (feedback) users managed through the API (§4.7): the same `users` rows (kind
 * `external`, keyed by `(workspace, externalId)`) that a customer JWT's exchange creates, so a
 * profile set here is the one reviewers see. Deleting is soft; threads keep their author.
 */
import { randomUUID } from 'node:crypto';
import type { ExternalUserResponse } from '../../src/api/wire.ts';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import { ApiError, notFound, validationFailed } from '../domain/errors.ts';
import type { CreateExternalUserInput, UpdateExternalUserInput } from '../schemas/workspace-users.ts';

interface ExternalUserRow {
  id: string;
  external_id: string;
  name: string;
  email: string | null;
  avatar_url: string | null;
  avatar_file_id: string | null;
  created_at: Date;
  modified_at: Date;
  deleted_at: Date | null;
}

const COLUMNS = 'id, external_id, name, email, avatar_url, avatar_file_id, created_at, modified_at, deleted_at';

export function toExternalUserResponse(row: ExternalUserRow): ExternalUserResponse {
  return {
    id: row.id,
    externalId: row.external_id,
    name: row.name,
    email: row.email,
    avatarUrl: row.avatar_url,
    avatarFileId: row.avatar_file_id,
    createdAt: row.created_at.getTime(),
    modifiedAt: row.modified_at.getTime(),
  };
}

/** Deleted rows included, so create can bring one back under the same id. */
async function findRow(db: Db, workspaceId: string, externalId: string, lock = false): Promise<ExternalUserRow | undefined> {
  return queryOne<ExternalUserRow>(
    db,
    `SELECT ${COLUMNS} FROM users WHERE workspace_id = $1 AND external_id = $2 AND kind = 'external'${lock ? ' FOR UPDATE' : ''}`,
    [workspaceId, externalId],
  );
}

export async function findExternalUser(db: Db, workspaceId: string, externalId: string, lock = false): Promise<ExternalUserRow> {
  const row = await findRow(db, workspaceId, externalId, lock);
  if (!row || row.deleted_at) throw notFound('External user');
  return row;
}

/** An avatar file must be a completed avatar upload of the same workspace. */
async function checkAvatarFile(db: Db, workspaceId: string, fileId: string | null | undefined): Promise<void> {
  if (!fileId) return;
  const row = await queryOne(
    db,
    `SELECT 1 FROM uploads WHERE id = $1 AND workspace_id = $2 AND completed_at IS NOT NULL
       AND resource_type IN ('external_user_avatar', 'user_avatar')`,
    [fileId.toLowerCase(), workspaceId],
  );
  if (!row) {
    throw validationFailed('avatarFileId: not a completed avatar upload of this workspace', [
      { path: 'avatarFileId', message: 'not a completed external_user_avatar upload of this workspace' },
    ]);
  }
}

/** Name when none is given: the e-mail, else the externalId (as for customer-JWT users). */
export async function createExternalUser(tx: Db, workspaceId: string, input: CreateExternalUserInput, now: number): Promise<void> {
  await checkAvatarFile(tx, workspaceId, input.avatarFileId);
  const existing = await findRow(tx, workspaceId, input.externalId, true);
  if (existing && !existing.deleted_at) {
    throw new ApiError(409, 'conflict', `An external user with externalId "${input.externalId}" exists; update it with PATCH`, [
      { path: 'externalId', message: 'exists' },
    ]);
  }
  const values = [
    input.name ?? input.email ?? input.externalId,
    input.email ?? null,
    input.avatarUrl ?? null,
    input.avatarFileId?.toLowerCase() ?? null,
    isoAt(now),
  ];
  if (existing) {
    // A deleted external user comes back under the same id, with only the profile sent now.
    await tx.query(
      `UPDATE users SET name = $2, email = $3, avatar_url = $4, avatar_file_id = $5, created_at = $6::timestamptz,
         modified_at = $6::timestamptz, deleted_at = NULL WHERE id = $1`,
      [existing.id, ...values],
    );
    return;
  }
  await tx.query(
    `INSERT INTO users (id, workspace_id, kind, external_id, name, email, avatar_url, avatar_file_id, created_at, modified_at)
     VALUES ($1, $2, 'external', $3, $4, $5, $6, $7, $8::timestamptz, $8::timestamptz)`,
    [randomUUID(), workspaceId, input.externalId, ...values],
  );
}

export async function updateExternalUser(
  tx: Db,
  workspaceId: string,
  externalId: string,
  input: UpdateExternalUserInput,
  now: number,
): Promise<void> {
  const row = await findExternalUser(tx, workspaceId, externalId, true);
  await checkAvatarFile(tx, workspaceId, input.avatarFileId);
  const pick = <T>(sent: T | undefined, stored: T): T => (sent === undefined ? stored : sent);
  let avatarUrl = pick(input.avatarUrl, row.avatar_url);
  let avatarFileId = pick(input.avatarFileId?.toLowerCase() ?? input.avatarFileId, row.avatar_file_id);
  // One avatar at a time: setting one source replaces the other.
  if (typeof input.avatarUrl === 'string') avatarFileId = null;
  if (typeof input.avatarFileId === 'string') avatarUrl = null;
  await tx.query(
    'UPDATE users SET name = $2, email = $3, avatar_url = $4, avatar_file_id = $5, modified_at = $6::timestamptz WHERE id = $1',
    [row.id, input.name ?? row.name, pick(input.email, row.email), avatarUrl, avatarFileId, isoAt(now)],
  );
}

/** Soft delete; their exchange tokens are revoked. A later customer-JWT sign-in brings them back. */
export async function deleteExternalUser(tx: Db, workspaceId: string, externalId: string, now: number): Promise<void> {
  const row = await findExternalUser(tx, workspaceId, externalId, true);
  const at = isoAt(now);
  await tx.query('UPDATE users SET deleted_at = $2::timestamptz, modified_at = $2::timestamptz WHERE id = $1', [row.id, at]);
  await tx.query('UPDATE exchange_tokens SET revoked_at = $2::timestamptz WHERE user_id = $1 AND revoked_at IS NULL', [row.id, at]);
}
