/**
 * The outbox write behind every event (operations announce them through server/model/events.ts):
 * `recordEvent(tx, …)` inside the operation's own transaction writes one outbox row per enabled
 * registration of the workspace subscribed to the type. The rows commit or roll back with the
 * operation, so an event is never sent for something that did not happen and never lost for
 * something that did; the delivery worker sends them later.
 * With no subscriber nothing is read or written beyond one indexed lookup.
 */
import { randomUUID } from 'node:crypto';
import type { WebhookEvent, WebhookEventType } from '../../src/api/wire.ts';
import { isoAt, type Db } from '../db/db.ts';

export interface RecordEventInput<T> {
  type: WebhookEventType;
  workspaceId: string;
  /** When the operation happened (the server's clock). */
  occurredAt: number;
  /** The event's `data`, or a function building it (called only when someone subscribed). */
  data: T | (() => Promise<T>);
}

export interface RecordedEvent {
  /** The event id (payload `id`, `webhook-id`), or null when no registration wanted it. */
  eventId: string | null;
  deliveries: number;
}

export async function recordEvent<T>(tx: Db, input: RecordEventInput<T>): Promise<RecordedEvent> {
  // `[]` subscribes to every type (docs/api-decisions.md).
  const targets = await tx.query<{ id: string }>(
    `SELECT id FROM webhook_registrations
     WHERE workspace_id = $1 AND enabled AND deleted_at IS NULL AND (event_types = '[]'::jsonb OR event_types @> $2::jsonb)
     ORDER BY id`,
    [input.workspaceId, JSON.stringify([input.type])],
  );
  if (targets.length === 0) return { eventId: null, deliveries: 0 };
  const data = typeof input.data === 'function' ? await (input.data as () => Promise<T>)() : input.data;
  const eventId = randomUUID();
  const event: WebhookEvent<T> = { id: eventId, type: input.type, timestamp: isoAt(input.occurredAt), workspaceId: input.workspaceId, data };
  const payload = JSON.stringify(event);
  for (const target of targets) {
    await tx.query(
      `INSERT INTO webhook_deliveries (id, event_id, registration_id, workspace_id, event_type, payload, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $7::timestamptz)`,
      [randomUUID(), eventId, target.id, input.workspaceId, input.type, payload, isoAt(input.occurredAt)],
    );
  }
  return { eventId, deliveries: targets.length };
}
