/**
 * A workspace's installations as the review app shows them (issue 16): the public key a site's
 * `<script>` tag carries and the origins allowed to sign reviewers in, with the one change the
 * app makes — allowing another origin (the same rule `npm run admin -- origins add` applies).
 */
import type { InstallationSummary } from '../../src/api/wire.ts';
import { isoAt, json, queryOne, type Db } from '../db/db.ts';

interface InstallationRow {
  id: string;
  public_key: string;
  allowed_origins: string[];
  created_at: Date;
}

const toSummary = (row: InstallationRow): InstallationSummary => ({
  id: row.id,
  publicKey: row.public_key,
  allowedOrigins: row.allowed_origins,
  createdAt: row.created_at.getTime(),
});

export async function listInstallations(db: Db, workspaceId: string): Promise<InstallationSummary[]> {
  const rows = await db.query<InstallationRow>(
    'SELECT id, public_key, allowed_origins, created_at FROM installations WHERE workspace_id = $1 ORDER BY created_at, id',
    [workspaceId],
  );
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
     RETURNING id, public_key, allowed_origins, created_at`,
    [installationId, workspaceId, json([origin]), isoAt(now)],
  );
  return row && toSummary(row);
}
