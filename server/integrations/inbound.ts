/**
 * What a tracker's webhook changes here: the thread linked to the issue is resolved when the issue
 * closes and reopened when it reopens, by the integration's service user, announced like any
 * resolution (activity log, webhooks, mail). The transaction sets `pinmark.integration_origin`, so
 * the triggers of migration 0021 queue no job back to the same service (no echo), while other
 * integrations of the workspace still hear of it. Each delivery id is applied once, and a change
 * older (by the service's signed time) than the last one applied to the link changes nothing.
 */
import { isoAt, queryOne, type Db } from '../db/db.ts';
import { recordCommentAction } from '../model/activity.ts';
import type { InboundChange } from './connector.ts';
import type { IntegrationRow } from './store.ts';

export type InboundOutcome =
  | { applied: true; threadId: string; resolved: boolean }
  | { applied: false; reason: 'replayed' | 'unlinked' | 'stale' | 'unchanged' | 'ignored' };

export async function applyInbound(
  db: Db,
  integration: IntegrationRow,
  delivery: { deliveryId: string; change?: InboundChange },
  now: number,
): Promise<InboundOutcome> {
  return db.transaction(async (tx) => {
    const fresh = await tx.query(
      `INSERT INTO integration_inbound (integration_id, delivery_id, received_at) VALUES ($1, $2, $3::timestamptz)
       ON CONFLICT DO NOTHING RETURNING delivery_id`,
      [integration.id, delivery.deliveryId.slice(0, 200), isoAt(now)],
    );
    if (fresh.length === 0) return { applied: false, reason: 'replayed' };
    const change = delivery.change;
    if (!change) return { applied: false, reason: 'ignored' };
    const link = await queryOne<{ thread_id: string; remote_updated_at: Date | null }>(
      tx,
      'SELECT thread_id, remote_updated_at FROM integration_links WHERE integration_id = $1 AND external_id = $2 FOR UPDATE',
      [integration.id, change.externalId],
    );
    if (!link) return { applied: false, reason: 'unlinked' };
    if (!Number.isFinite(change.at) || (link.remote_updated_at && change.at <= link.remote_updated_at.getTime()))
      return { applied: false, reason: 'stale' };
    await tx.query('UPDATE integration_links SET remote_updated_at = $3::timestamptz WHERE integration_id = $1 AND thread_id = $2', [
      integration.id,
      link.thread_id,
      isoAt(change.at),
    ]);
    await tx.query(`SELECT set_config('pinmark.integration_origin', $1, true)`, [integration.id]);
    const resolve = change.state === 'closed';
    const changed = await tx.query(
      resolve
        ? `UPDATE threads SET resolved = true, resolved_at = $2::timestamptz, resolved_by_user_id = $3,
             modified_at = $2::timestamptz, last_activity_at = $2::timestamptz WHERE id = $1 AND NOT resolved RETURNING id`
        : `UPDATE threads SET resolved = false, resolved_at = NULL, resolved_by_user_id = NULL,
             modified_at = $2::timestamptz, last_activity_at = $2::timestamptz WHERE id = $1 AND resolved AND $3::uuid IS NOT NULL RETURNING id`,
      [link.thread_id, isoAt(now), integration.service_user_id],
    );
    if (changed.length > 0 && integration.service_user_id)
      await recordCommentAction(tx, {
        kind: resolve ? 'thread_resolved' : 'thread_unresolved',
        threadId: link.thread_id,
        userId: integration.service_user_id,
        workspaceId: integration.workspace_id,
        occurredAt: now,
      });
    await tx.query(`SELECT set_config('pinmark.integration_origin', '', true)`);
    if (changed.length === 0) return { applied: false, reason: 'unchanged' };
    return { applied: true, threadId: link.thread_id, resolved: resolve };
  });
}
