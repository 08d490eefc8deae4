/**
 * The integrations of a workspace as rows: create (with the service user that stands for the
 * service in threads, `kind = 'service'` keyed by the integration's id the way an API key's is),
 * change, delete, and the summaries the review app shows — settings, masked secrets, health and
 * the last jobs. Secrets are sealed here on the way in and opened only by the worker, the test
 * send and the inbound route; no answer ever carries them.
 */
import { randomUUID } from 'node:crypto';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import type { IntegrationKind } from './connector.ts';
import { maskSecret, open, seal } from './crypto.ts';
import type { IntegrationJobRecord, IntegrationSummary } from './wire.ts';

export interface IntegrationRow {
  id: string;
  workspace_id: string;
  kind: IntegrationKind;
  name: string;
  enabled: boolean;
  settings: Record<string, unknown>;
  sealed_secrets: string;
  service_user_id: string | null;
  created_at: Date;
  modified_at: Date;
}

const COLUMNS = 'id, workspace_id, kind, name, enabled, settings, sealed_secrets, service_user_id, created_at, modified_at';
const RECENT_JOBS = 20;

/** An integration of this workspace (another workspace's id is simply not found). */
export async function findIntegration(db: Db, workspaceId: string, id: string): Promise<IntegrationRow | undefined> {
  return queryOne<IntegrationRow>(db, `SELECT ${COLUMNS} FROM integrations WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL`, [
    id,
    workspaceId,
  ]);
}

export async function integrationById(db: Db, id: string): Promise<IntegrationRow | undefined> {
  return queryOne<IntegrationRow>(db, `SELECT ${COLUMNS} FROM integrations WHERE id = $1 AND deleted_at IS NULL`, [id]);
}

export function openSecrets(key: Buffer, row: Pick<IntegrationRow, 'id' | 'sealed_secrets'>): Record<string, unknown> {
  return JSON.parse(open(key, row.sealed_secrets, row.id)) as Record<string, unknown>;
}

export async function createIntegration(
  db: Db,
  key: Buffer,
  input: { workspaceId: string; kind: IntegrationKind; name: string; settings: object; secrets: object; now: number },
): Promise<IntegrationRow> {
  const id = randomUUID();
  return db.transaction(async (tx) => {
    const user = await queryOne<{ id: string }>(
      tx,
      `INSERT INTO users (id, workspace_id, kind, api_key_id, name, created_at, modified_at)
       VALUES ($1, $2, 'service', $3, $4, $5::timestamptz, $5::timestamptz) RETURNING id`,
      [randomUUID(), input.workspaceId, id, input.name, isoAt(input.now)],
    );
    return (await queryOne<IntegrationRow>(
      tx,
      `INSERT INTO integrations (id, workspace_id, kind, name, settings, sealed_secrets, service_user_id, created_at, modified_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8::timestamptz, $8::timestamptz) RETURNING ${COLUMNS}`,
      [
        id,
        input.workspaceId,
        input.kind,
        input.name,
        JSON.stringify(input.settings),
        seal(key, JSON.stringify(input.secrets), id),
        user!.id,
        isoAt(input.now),
      ],
    ))!;
  });
}

export async function updateIntegration(
  db: Db,
  key: Buffer,
  row: IntegrationRow,
  change: { name?: string; enabled?: boolean; settings?: object; secrets?: object; now: number },
): Promise<IntegrationRow> {
  const secrets = change.secrets ? seal(key, JSON.stringify(change.secrets), row.id) : row.sealed_secrets;
  return db.transaction(async (tx) => {
    if (change.name !== undefined)
      await tx.query('UPDATE users SET name = $2, modified_at = $3::timestamptz WHERE id = $1', [
        row.service_user_id,
        change.name,
        isoAt(change.now),
      ]);
    return (await queryOne<IntegrationRow>(
      tx,
      `UPDATE integrations SET name = $2, enabled = $3, settings = $4::jsonb, sealed_secrets = $5, modified_at = $6::timestamptz
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [
        row.id,
        change.name ?? row.name,
        change.enabled ?? row.enabled,
        JSON.stringify(change.settings ?? row.settings),
        secrets,
        isoAt(change.now),
      ],
    ))!;
  });
}

/** Gone for good: its pending jobs are cancelled; the issues it made stay in the tracker. */
export async function deleteIntegration(db: Db, row: IntegrationRow, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE integrations SET deleted_at = $2::timestamptz, enabled = false, sealed_secrets = '' WHERE id = $1`, [
      row.id,
      isoAt(now),
    ]);
    await tx.query(
      `UPDATE integration_jobs SET status = 'cancelled', finished_at = $2::timestamptz, last_error = 'the integration was deleted', lease_id = NULL
       WHERE integration_id = $1 AND status = 'pending'`,
      [row.id, isoAt(now)],
    );
  });
}

interface JobRow {
  id: string;
  integration_id: string;
  thread_id: string | null;
  kind: string;
  status: IntegrationJobRecord['status'];
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  outcome: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const toRecord = (job: JobRow): IntegrationJobRecord => ({
  id: job.id,
  threadId: job.thread_id,
  kind: job.kind,
  status: job.status,
  attempts: job.attempts,
  nextAttemptAt: job.status === 'pending' ? job.next_attempt_at.toISOString() : null,
  lastError: job.last_error,
  outcome: job.outcome,
  createdAt: job.created_at.toISOString(),
  finishedAt: job.finished_at?.toISOString() ?? null,
});

function health(jobs: JobRow[]): IntegrationSummary['health'] {
  if (jobs.some((job) => job.status === 'pending' && job.last_error)) return 'retrying';
  const finished = jobs.find((job) => job.status === 'done' || job.status === 'failed');
  if (!finished) return 'idle';
  return finished.status === 'failed' ? 'failing' : 'ok';
}

export async function summaries(
  db: Db,
  key: Buffer | null,
  workspaceId: string,
  publicUrl: string,
  onlyId?: string,
): Promise<IntegrationSummary[]> {
  const rows = await db.query<IntegrationRow & { pending: number; failed: number }>(
    `SELECT ${COLUMNS.split(', ')
      .map((c) => `i.${c}`)
      .join(', ')},
       (SELECT count(*)::int FROM integration_jobs j WHERE j.integration_id = i.id AND j.status = 'pending') AS pending,
       (SELECT count(*)::int FROM integration_jobs j WHERE j.integration_id = i.id AND j.status = 'failed') AS failed
     FROM integrations i WHERE i.workspace_id = $1 AND i.deleted_at IS NULL AND ($2::uuid IS NULL OR i.id = $2::uuid) ORDER BY i.created_at, i.id`,
    [workspaceId, onlyId ?? null],
  );
  const result: IntegrationSummary[] = [];
  for (const row of rows) {
    const jobs = await db.query<JobRow>(
      `SELECT id, integration_id, thread_id, kind, status, attempts, next_attempt_at, last_error, outcome, created_at, finished_at
       FROM integration_jobs WHERE integration_id = $1 ORDER BY created_at DESC, seq DESC LIMIT $2`,
      [row.id, RECENT_JOBS],
    );
    result.push({
      id: row.id,
      kind: row.kind,
      name: row.name,
      enabled: row.enabled,
      settings: row.settings,
      secrets: maskedSecrets(key, row),
      inboundUrl: row.kind === 'slack' ? null : `${publicUrl}/api/v2/integration-webhooks/${row.id}`,
      health: health(jobs),
      pendingJobs: row.pending,
      failedJobs: row.failed,
      recent: jobs.map(toRecord),
      createdAt: row.created_at.toISOString(),
      modifiedAt: row.modified_at.toISOString(),
    });
  }
  return result;
}

function maskedSecrets(key: Buffer | null, row: IntegrationRow): Record<string, string> {
  if (!key) return {};
  try {
    const secrets = openSecrets(key, row);
    return Object.fromEntries(Object.entries(secrets).map(([name, value]) => [name, maskSecret(String(value))]));
  } catch {
    return { error: 'does not open with this server key' };
  }
}
