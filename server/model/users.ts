/**
 * People as the API shows them (AuthorUser) and how they come to exist: external users from a
 * customer JWT, identity-provider users from the SDK sign-in, and the service user standing in
 * for an API key when it writes a thread or message. Each kind is found by a key of its own
 * (external_id, idp issuer + subject, api_key_id), so no identity from outside can land on a member,
 * an identity-provider user or a service user.
 */
import { randomUUID } from 'node:crypto';
import type { AuthorUser } from '../../src/api/wire.ts';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import type { Caller } from '../domain/viewer.ts';

export interface UserRow {
  id: string;
  workspace_id: string;
  kind: 'member' | 'external' | 'idp' | 'service';
  name: string;
  email: string | null;
  avatar_url: string | null;
  created_at: Date;
  modified_at: Date;
  /** Present when selected with USER_COLUMNS. */
  is_member?: boolean;
}

/** Columns of `users u` plus membership, for toAuthorUser. */
export const USER_COLUMNS = `u.id, u.workspace_id, u.kind, u.name, u.email, u.avatar_url, u.created_at, u.modified_at,
  EXISTS (SELECT 1 FROM workspace_members wm WHERE wm.user_id = u.id AND wm.workspace_id = u.workspace_id) AS is_member`;

/** Who is looking: an API key (the workspace's own servers) or a signed-in person. */
export interface AddressViewer {
  isApiKey: boolean;
  userId: string | null;
}

/**
 * Addresses are shown only to API keys and to the person themself: anyone a customer's site signs
 * in is a reviewer, and reviewers on a shared page must not harvest each other's addresses.
 */
export function mayShowAddress(viewer: AddressViewer, userId: string): boolean {
  return viewer.isApiKey || viewer.userId === userId;
}

const ADDRESS = /([^\s@<>()[\]",;:]+)@[^\s@<>()[\]",;:]+\.[^\s@<>()[\]",;:]+/g;

/**
 * The name as the viewer may see it. People signed in without a name are named after their
 * address (customer JWT, identity provider, external-users API), so hiding the e-mail field alone
 * would leave it in the name: for those who may not see addresses, an address in a name is cut to
 * the part before the @ (what most products show as a handle).
 */
export function shownName(name: string, userId: string, viewer: AddressViewer): string {
  if (mayShowAddress(viewer, userId) || !name.includes('@')) return name;
  return name.replace(ADDRESS, '$1');
}

/** `guest` is true unless the person is a workspace member (service users are not guests either). */
export function toAuthorUser(row: UserRow, viewer: AddressViewer): AuthorUser {
  const user: AuthorUser = {
    id: row.id,
    name: shownName(row.name, row.id, viewer),
    guest: !(row.is_member ?? false) && row.kind !== 'service',
    createdAt: row.created_at.getTime(),
    modifiedAt: row.modified_at.getTime(),
    avatarUrl: row.avatar_url,
  };
  if (row.email && mayShowAddress(viewer, row.id)) user.email = row.email;
  return user;
}

export async function loadUsers(db: Db, ids: string[]): Promise<Map<string, UserRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ANY($1::uuid[])`, [unique]);
  return new Map(rows.map((r) => [r.id, r]));
}

interface Profile {
  name: string;
  email?: string | undefined;
}

/**
 * The external user `(workspace, externalId)`, created or refreshed with the latest profile. Only
 * external rows hold an external_id (a check of migration 0013), so whatever the id looks like,
 * the conflict can only ever be with the same external user.
 */
export async function upsertExternalUser(db: Db, workspaceId: string, externalId: string, profile: Profile, now: number): Promise<string> {
  const row = await queryOne<{ id: string }>(
    db,
    `INSERT INTO users (id, workspace_id, kind, external_id, name, email, created_at, modified_at)
     VALUES ($1, $2, 'external', $3, $4, $5, $6::timestamptz, $6::timestamptz)
     ON CONFLICT (workspace_id, external_id) DO UPDATE
       SET name = EXCLUDED.name, email = COALESCE(EXCLUDED.email, users.email), modified_at = EXCLUDED.modified_at,
           deleted_at = NULL
     RETURNING id`,
    [randomUUID(), workspaceId, externalId, profile.name, profile.email ?? null, isoAt(now)],
  );
  return row!.id;
}

/** The identity-provider user `(workspace, issuer, subject)`. */
export async function upsertIdpUser(
  db: Db,
  workspaceId: string,
  issuer: string,
  subject: string,
  profile: Profile & { emailVerified: boolean },
  now: number,
): Promise<string> {
  const row = await queryOne<{ id: string }>(
    db,
    `INSERT INTO users (id, workspace_id, kind, idp_issuer, idp_subject, name, email, email_verified, created_at, modified_at)
     VALUES ($1, $2, 'idp', $3, $4, $5, $6, $7, $8::timestamptz, $8::timestamptz)
     ON CONFLICT (workspace_id, idp_issuer, idp_subject) DO UPDATE
       SET name = EXCLUDED.name, email = COALESCE(EXCLUDED.email, users.email),
           email_verified = EXCLUDED.email_verified, modified_at = EXCLUDED.modified_at, deleted_at = NULL
     RETURNING id`,
    [randomUUID(), workspaceId, issuer, subject, profile.name, profile.email ?? null, profile.emailVerified, isoAt(now)],
  );
  return row!.id;
}

/**
 * The author an API key writes as in a workspace: one service user per key and workspace, keyed by
 * `api_key_id` — a column no outside identity can write (migration 0013), so neither a customer
 * JWT's `sub` nor the external-users API can ever name this row.
 */
/**
 * Who a one-statement write (comment-writes.ts) is attributed to: a known user, or an API key whose
 * service user the statement creates on first use, as serviceUserFor would.
 */
export type WriteAuthor = { userId: string } | { serviceKey: { keyId: string; keyName: string } };

export function writeAuthorOf(caller: Caller): WriteAuthor {
  return caller.kind === 'api_key' ? { serviceKey: { keyId: caller.keyId, keyName: caller.keyName } } : { userId: caller.userId };
}

/**
 * The CTE `author (id)` of such a statement, one row when `gate` (a CTE with a `workspace_id`
 * column) has one: so a write refused by its gate creates no service user either.
 */
export function authorCte(author: WriteAuthor, gate: string, add: (value: unknown) => string, at: string): string {
  if ('userId' in author) return `author AS (SELECT ${add(author.userId)}::uuid AS id FROM ${gate})`;
  return `author AS (
    INSERT INTO users (id, workspace_id, kind, api_key_id, name, created_at, modified_at)
    SELECT ${add(randomUUID())}::uuid, ${gate}.workspace_id, 'service', ${add(author.serviceKey.keyId)}::uuid, ${add(author.serviceKey.keyName)}, ${at}, ${at}
    FROM ${gate}
    ON CONFLICT (workspace_id, api_key_id) DO UPDATE SET name = EXCLUDED.name
    RETURNING id)`;
}

export async function serviceUserFor(db: Db, workspaceId: string, key: { keyId: string; keyName: string }, now: number): Promise<string> {
  const row = await queryOne<{ id: string }>(
    db,
    `INSERT INTO users (id, workspace_id, kind, api_key_id, name, created_at, modified_at)
     VALUES ($1, $2, 'service', $3, $4, $5::timestamptz, $5::timestamptz)
     ON CONFLICT (workspace_id, api_key_id) DO UPDATE SET name = EXCLUDED.name
     RETURNING id`,
    [randomUUID(), workspaceId, key.keyId, key.keyName, isoAt(now)],
  );
  return row!.id;
}
