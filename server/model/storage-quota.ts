/**
 * Storage quotas (docs/api-decisions.md, "Storage quotas"): how many bytes a workspace, and a
 * reviewer within it, may keep in the object store. Usage is what the `uploads` ledger holds — the
 * stored size of completed uploads plus the declared size of pending ones — kept summed per
 * workspace and per uploader by triggers (migration 0015), plus the reservations of multipart
 * uploads still streaming. So a policy granted is space promised: two policies issued at once
 * cannot both take the last megabyte. Every check runs under a per-workspace advisory lock in the
 * caller's transaction, held until the upload row it allowed is committed, on one PGlite as on any
 * number of server processes sharing a PostgreSQL.
 *
 * A reviewer (an exchange token's user) has a quota of their own; API keys' service users count
 * against the workspace only — a key is the workspace's own integration, and its markup files
 * (up to 5 GB) would not fit a reviewer-sized quota anyway.
 */
import { randomUUID } from 'node:crypto';
import type { QuotaConfig } from '../domain/config.ts';
import { isoAt, queryOne, type Db } from '../db/db.ts';
import { ApiError } from '../domain/errors.ts';

/** The first key of the advisory lock pair: "Pinmark storage quota" (the second is the workspace). */
const QUOTA_LOCK_CLASS = 724_310_015;
/** `storage_usage.user_id` of a workspace's total (migration 0015). */
export const WORKSPACE_TOTAL = '00000000-0000-0000-0000-000000000000';

export interface QuotaSubject {
  workspaceId: string;
  /** Who will own the bytes; null, or an API key's service user, means the workspace's quota only. */
  userId: string | null;
  now: number;
  /** An upload being re-issued or completed: its current size is replaced, not added to. */
  exceptUploadId?: string | undefined;
  /** The reservation of the streamed upload being stored: its promise is replaced by the files. */
  exceptReservationId?: string | undefined;
}

interface StorageUsage {
  workspaceBytes: number;
  userBytes: number;
  /** Whether `userBytes` is held to `quotas.userBytes` (a reviewer, not a service user). */
  userHasQuota: boolean;
}

/** Serializes quota checks of one workspace until the transaction ends (and tidies its usage counters). */
async function lockWorkspaceStorage(tx: Db, workspaceId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [QUOTA_LOCK_CLASS, workspaceId]);
  await foldStorageChanges(tx, workspaceId);
}

/**
 * Moves the workspace's recorded changes into its sums (migration 0015), so the change log stays
 * short. Only under the workspace's lock: the sums' rows are locked by nothing else.
 */
async function foldStorageChanges(tx: Db, workspaceId: string): Promise<void> {
  await tx.query(
    `WITH moved AS (DELETE FROM storage_usage_changes WHERE workspace_id = $1 RETURNING user_id, bytes, pending_bytes)
     INSERT INTO storage_usage AS u (workspace_id, user_id, bytes, pending_bytes)
     SELECT $1, user_id, sum(bytes), sum(pending_bytes) FROM moved GROUP BY user_id
     ON CONFLICT (workspace_id, user_id) DO UPDATE SET bytes = u.bytes + EXCLUDED.bytes, pending_bytes = u.pending_bytes + EXCLUDED.pending_bytes`,
    [workspaceId],
  );
}

/** Bytes stored and promised in the workspace and by the user, leaving out the subject's own upload or reservation. */
async function storageUsage(db: Db, subject: QuotaSubject): Promise<StorageUsage> {
  const row = await queryOne<{ workspace_bytes: number; user_bytes: number; user_kind: string | null }>(
    db,
    `SELECT
       COALESCE((SELECT bytes FROM storage_usage_now WHERE workspace_id = $1 AND user_id = $6::uuid), 0)
         + COALESCE((SELECT sum(bytes) FROM storage_reservations
                     WHERE workspace_id = $1 AND expires_at > $4::timestamptz AND id IS DISTINCT FROM $5::uuid), 0)
         - COALESCE((SELECT filesize FROM uploads WHERE id = $3::uuid AND workspace_id = $1), 0) AS workspace_bytes,
       COALESCE((SELECT bytes FROM storage_usage_now WHERE workspace_id = $1 AND user_id = $2::uuid), 0)
         - COALESCE((SELECT filesize FROM uploads WHERE id = $3::uuid AND workspace_id = $1 AND created_by_user_id = $2::uuid), 0) AS user_bytes,
       (SELECT kind FROM users WHERE id = $2::uuid) AS user_kind`,
    [
      subject.workspaceId,
      subject.userId,
      subject.exceptUploadId ?? null,
      isoAt(subject.now),
      subject.exceptReservationId ?? null,
      WORKSPACE_TOTAL,
    ],
  );
  return {
    workspaceBytes: Number(row?.workspace_bytes ?? 0),
    userBytes: Number(row?.user_bytes ?? 0),
    userHasQuota: row?.user_kind != null && row.user_kind !== 'service',
  };
}

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

/**
 * `1 byte`, `5000 bytes`, `12.4 KB`, `49.9 GB`: rounded down, so "used" never reads as more than
 * it is; exact below 10 KB, where one decimal of a KB would hide the difference that matters.
 */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ['GB', GB],
    ['MB', MB],
    ['KB', KB],
  ] as const) {
    if (bytes >= size && bytes >= 10 * KB) return `${Math.floor((bytes / size) * 10) / 10} ${unit}`;
  }
  return bytes === 1 ? '1 byte' : `${bytes} bytes`;
}

export interface Refusal {
  /** The request field the size came from (`filesize`, `files`…), for `details`. */
  path: string;
  /** How the refused thing is named: "this file (2 MB)", "this upload (at least 5 KB)". */
  what?: string;
}

const ASK = "Delete files you no longer need, or ask the workspace's administrators for more space.";

/**
 * Why `bytes` more cannot be stored, or null when they fit: 413 `payload_too_large` when they
 * exceed the quota itself (no deleting makes them fit), 507 `quota_exceeded` when the quota is
 * used up (a retry after deleting can succeed, so it is a 5xx: idempotency keys are released).
 */
function quotaRefusal(quotas: QuotaConfig, usage: StorageUsage, bytes: number, refusal: Refusal): ApiError | null {
  const what = refusal.what ?? `this file (${formatBytes(bytes)})`;
  const details = (free: number) => [{ path: refusal.path, message: `${Math.max(0, free)} bytes free of ${bytes} needed` }];
  if (usage.userHasQuota && bytes > quotas.userBytes) {
    return new ApiError(
      413,
      'payload_too_large',
      `${capitalize(what)} is larger than your storage quota of ${formatBytes(quotas.userBytes)}; it can never be stored here.`,
      details(quotas.userBytes - usage.userBytes),
    );
  }
  if (bytes > quotas.workspaceBytes) {
    return new ApiError(
      413,
      'payload_too_large',
      `${capitalize(what)} is larger than this workspace's storage quota of ${formatBytes(quotas.workspaceBytes)}; it can never be stored here.`,
      details(quotas.workspaceBytes - usage.workspaceBytes),
    );
  }
  if (usage.userHasQuota && usage.userBytes + bytes > quotas.userBytes) {
    return new ApiError(
      507,
      'quota_exceeded',
      `You have used ${formatBytes(usage.userBytes)} of your ${formatBytes(quotas.userBytes)} of storage in this workspace; ${what} does not fit. ${ASK}`,
      details(quotas.userBytes - usage.userBytes),
    );
  }
  if (usage.workspaceBytes + bytes > quotas.workspaceBytes) {
    return new ApiError(
      507,
      'quota_exceeded',
      `This workspace has used ${formatBytes(usage.workspaceBytes)} of its ${formatBytes(quotas.workspaceBytes)} of storage; ${what} does not fit. ${ASK}`,
      details(quotas.workspaceBytes - usage.workspaceBytes),
    );
  }
  return null;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Throws the refusal unless `bytes` more fit. Run in the transaction that then records them (the
 * upload row), so the lock covers the check and the write together.
 */
export async function checkStorageQuota(
  tx: Db,
  quotas: QuotaConfig,
  subject: QuotaSubject,
  bytes: number,
  refusal: Refusal = { path: 'filesize' },
): Promise<void> {
  await lockWorkspaceStorage(tx, subject.workspaceId);
  const refused = quotaRefusal(quotas, await storageUsage(tx, subject), bytes, refusal);
  if (refused) throw refused;
}

/** Space left for the subject: the lesser of what the workspace and (for a reviewer) the user have left. */
function spaceLeft(quotas: QuotaConfig, usage: StorageUsage): number {
  const workspace = quotas.workspaceBytes - usage.workspaceBytes;
  return Math.max(0, usage.userHasQuota ? Math.min(workspace, quotas.userBytes - usage.userBytes) : workspace);
}

/** Promises `bytes` of the workspace to a streamed upload until `expiresAt` (or until released). */
async function reserveStorage(
  tx: Db,
  reservation: { workspaceId: string; bytes: number; now: number; expiresAt: number },
): Promise<string> {
  const id = randomUUID();
  // Rows of crashed requests no longer count; this is where they are tidied away.
  await tx.query('DELETE FROM storage_reservations WHERE workspace_id = $1 AND expires_at <= $2::timestamptz', [
    reservation.workspaceId,
    isoAt(reservation.now),
  ]);
  await tx.query(
    'INSERT INTO storage_reservations (id, workspace_id, bytes, created_at, expires_at) VALUES ($1, $2, $3, $4::timestamptz, $5::timestamptz)',
    [id, reservation.workspaceId, reservation.bytes, isoAt(reservation.now), isoAt(reservation.expiresAt)],
  );
  return id;
}

export async function releaseReservation(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM storage_reservations WHERE id = $1', [id]);
}

/** Space promised to an upload whose size is known only once it has streamed in. */
export interface StreamReservation {
  id: string;
  /** Counts bytes as they arrive; throws the refusal once they pass the space reserved. */
  take(bytes: number): void;
  /** Bytes taken so far. */
  taken(): number;
}

export interface StreamOptions {
  /** An upper bound known in advance (the body's Content-Length), or null. */
  declared: number | null;
  /** The most one upload may bring (its own size limit). */
  max: number;
  /** Refused at once unless this many bytes fit (the declared length less its framing). */
  minimum: number;
  ttlMs: number;
  path: string;
}

/**
 * Reserves what is left, up to the declared or the largest size, for a streamed upload (in its own
 * short transaction, so the lock is not held while bytes arrive). Refuses at once when not even
 * `minimum` fits. The caller stores the files and drops the reservation in one transaction
 * (`exceptReservationId` in its final check), and releases it in any case.
 */
export async function reserveForStream(
  db: Db,
  quotas: QuotaConfig,
  subject: QuotaSubject,
  options: StreamOptions,
): Promise<StreamReservation> {
  const { usage, id, bytes } = await db.transaction(async (tx) => {
    await lockWorkspaceStorage(tx, subject.workspaceId);
    const current = await storageUsage(tx, subject);
    const what = options.declared ? `this upload (about ${formatBytes(options.minimum)})` : 'this upload';
    const refused = quotaRefusal(quotas, current, options.minimum, { path: options.path, what });
    if (refused) throw refused;
    const reserved = Math.min(spaceLeft(quotas, current), options.declared ?? options.max, options.max);
    const reservationId = await reserveStorage(tx, {
      workspaceId: subject.workspaceId,
      bytes: reserved,
      now: subject.now,
      expiresAt: subject.now + options.ttlMs,
    });
    return { usage: current, id: reservationId, bytes: reserved };
  });
  let taken = 0;
  return {
    id,
    taken: () => taken,
    take(count) {
      taken += count;
      if (taken <= bytes) return;
      throw (
        quotaRefusal(quotas, usage, taken, { path: options.path, what: `this upload (at least ${formatBytes(taken)})` }) ??
        // Within the quota but past the reservation: more bytes than the body declared.
        new ApiError(413, 'payload_too_large', `The upload is larger than its declared Content-Length (${options.declared} bytes)`)
      );
    },
  };
}
