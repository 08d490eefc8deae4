/**
 * Webhook registrations as stored (`webhook_registrations`, migration 0003) and as the API shows
 * them (WebhookRegistrationResponse). Deleting is soft (`deleted_at`), so deliveries already made
 * keep their registration; disabling or deleting cancels what is still waiting for it.
 */
import { randomUUID } from 'node:crypto';
import type { WebhookEventType, WebhookRegistrationResponse } from '../../src/api/wire.ts';
import { isoAt, json, queryOne, type Db } from '../db/db.ts';
import { newSigningKey } from './signing.ts';

/** Decided: live registrations per workspace (docs/api-decisions.md, "Events and webhooks"). */
export const MAX_REGISTRATIONS_PER_WORKSPACE = 20;

export interface RegistrationRow {
  id: string;
  workspace_id: string;
  organization_id: string;
  url: string;
  event_types: WebhookEventType[];
  enabled: boolean;
  signing_key: string;
  created_at: Date;
  modified_at: Date;
  deleted_at: Date | null;
}

const COLUMNS = `r.id, r.workspace_id, w.organization_id, r.url, r.event_types, r.enabled, r.signing_key,
  r.created_at, r.modified_at, r.deleted_at`;

export function toRegistrationResponse(row: RegistrationRow): WebhookRegistrationResponse {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    modifiedAt: row.modified_at.toISOString(),
    deletedAt: row.deleted_at ? row.deleted_at.toISOString() : null,
    url: row.url,
    workspaceId: row.workspace_id,
    eventTypes: row.event_types,
    enabled: row.enabled,
    signingKey: row.signing_key,
  };
}

/** A live registration with its organization (for scoping), or undefined. */
export async function findRegistration(db: Db, id: string): Promise<RegistrationRow | undefined> {
  return queryOne<RegistrationRow>(
    db,
    `SELECT ${COLUMNS} FROM webhook_registrations r JOIN workspaces w ON w.id = r.workspace_id
     WHERE r.id = $1 AND r.deleted_at IS NULL AND w.deleted_at IS NULL`,
    [id],
  );
}

export async function listRegistrations(db: Db, workspaceId: string): Promise<RegistrationRow[]> {
  return db.query<RegistrationRow>(
    `SELECT ${COLUMNS} FROM webhook_registrations r JOIN workspaces w ON w.id = r.workspace_id
     WHERE r.workspace_id = $1 AND r.deleted_at IS NULL ORDER BY r.created_at, r.id`,
    [workspaceId],
  );
}

export interface RegistrationInput {
  url: string;
  eventTypes?: WebhookEventType[] | undefined;
  enabled: boolean;
}

/**
 * Creates a registration, or returns undefined when the workspace already has the maximum. The
 * workspace row is locked first, so concurrent creates cannot both slip under the limit.
 */
export async function insertRegistration(tx: Db, workspaceId: string, input: RegistrationInput, now: number): Promise<string | undefined> {
  await tx.query('SELECT id FROM workspaces WHERE id = $1 FOR UPDATE', [workspaceId]);
  const count = await queryOne<{ n: number }>(
    tx,
    'SELECT count(*)::int AS n FROM webhook_registrations WHERE workspace_id = $1 AND deleted_at IS NULL',
    [workspaceId],
  );
  if ((count?.n ?? 0) >= MAX_REGISTRATIONS_PER_WORKSPACE) return undefined;
  const id = randomUUID();
  await tx.query(
    `INSERT INTO webhook_registrations (id, workspace_id, url, event_types, enabled, signing_key, created_at, modified_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7::timestamptz, $7::timestamptz)`,
    [id, workspaceId, input.url, json(input.eventTypes ?? []), input.enabled, newSigningKey(), isoAt(now)],
  );
  return id;
}

/** Replaces url and enabled, and eventTypes when given; a disabled registration drops its queue. */
export async function updateRegistration(tx: Db, id: string, input: RegistrationInput, now: number): Promise<void> {
  await tx.query(
    `UPDATE webhook_registrations SET url = $2, enabled = $3, event_types = COALESCE($4::jsonb, event_types), modified_at = $5::timestamptz
     WHERE id = $1 AND deleted_at IS NULL`,
    [id, input.url, input.enabled, input.eventTypes === undefined ? null : json(input.eventTypes), isoAt(now)],
  );
  if (!input.enabled) await cancelPendingDeliveries(tx, id, now);
}

/** A new signing key, effective at once: every later attempt (retries too) is signed with it. */
export async function rotateSigningKey(tx: Db, id: string, now: number): Promise<void> {
  await tx.query('UPDATE webhook_registrations SET signing_key = $2, modified_at = $3::timestamptz WHERE id = $1 AND deleted_at IS NULL', [
    id,
    newSigningKey(),
    isoAt(now),
  ]);
}

export async function deleteRegistration(tx: Db, id: string, now: number): Promise<void> {
  await tx.query(
    'UPDATE webhook_registrations SET deleted_at = $2::timestamptz, enabled = false, modified_at = $2::timestamptz WHERE id = $1',
    [id, isoAt(now)],
  );
  await cancelPendingDeliveries(tx, id, now);
}

export async function cancelPendingDeliveries(db: Db, registrationId: string, now: number): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries SET status = 'cancelled', lease_id = NULL, finished_at = $2::timestamptz
     WHERE registration_id = $1 AND status = 'pending'`,
    [registrationId, isoAt(now)],
  );
}
