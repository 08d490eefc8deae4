/**
 * A workspace's installations as the review app shows them (issue 16): the public key a site's
 * `<script>` tag carries and the origins allowed to sign reviewers in, with the one change the
 * app makes — allowing another origin (the same rule `npm run admin -- origins add` applies) — and
 * its guest settings (issue 18).
 */
import type { InstallationSummary } from '../../src/api/wire.ts';
import { isoAt, json, queryOne, type Db } from '../db/db.ts';

interface InstallationRow {
  id: string;
  public_key: string;
  allowed_origins: string[];
  guest_reporting: boolean;
  guest_daily_thread_cap: number;
  created_at: Date;
}

const COLUMNS = 'id, public_key, allowed_origins, guest_reporting, guest_daily_thread_cap, created_at';

const toSummary = (row: InstallationRow): InstallationSummary => ({
  id: row.id,
  publicKey: row.public_key,
  allowedOrigins: row.allowed_origins,
  guestReporting: row.guest_reporting,
  guestDailyThreadCap: row.guest_daily_thread_cap,
  createdAt: row.created_at.getTime(),
});

export async function listInstallations(db: Db, workspaceId: string): Promise<InstallationSummary[]> {
  const rows = await db.query<InstallationRow>(`SELECT ${COLUMNS} FROM installations WHERE workspace_id = $1 ORDER BY created_at, id`, [
    workspaceId,
  ]);
  return rows.map(toSummary);
}

/** Adds `origin` to the installation's allowed origins (kept once); undefined when it is not of the workspace. */
export async function allowOrigin(db: Db, workspaceId: string, installationId: string, origin: string, now: number) {
  const row = await queryOne<InstallationRow>(
    db,
    `UPDATE installations
     SET allowed_origins = (SELECT coalesce(jsonb_agg(DISTINCT o), '[]'::jsonb) FROM jsonb_array_elements_text(allowed_origins || $3::jsonb) o),
         modified_at = $4::timestamptz
     WHERE id = $1 AND workspace_id = $2
     RETURNING ${COLUMNS}`,
    [installationId, workspaceId, json([origin]), isoAt(now)],
  );
  return row && toSummary(row);
}

/** Issue 18: the installation's guest settings (only those sent change); undefined when it is not of the workspace. */
export async function updateGuestSettings(
  db: Db,
  workspaceId: string,
  installationId: string,
  change: { guestReporting?: boolean | undefined; guestDailyThreadCap?: number | undefined },
  now: number,
) {
  const row = await queryOne<InstallationRow>(
    db,
    `UPDATE installations SET guest_reporting = COALESCE($3, guest_reporting),
       guest_daily_thread_cap = COALESCE($4, guest_daily_thread_cap), modified_at = $5::timestamptz
     WHERE id = $1 AND workspace_id = $2 RETURNING ${COLUMNS}`,
    [installationId, workspaceId, change.guestReporting ?? null, change.guestDailyThreadCap ?? null, isoAt(now)],
  );
  return row && toSummary(row);
}
