/**
 * The outbox write behind every event (operations announce them through server/model/events.ts):
 * `recordEvent(tx, …)` inside the operation's own transaction writes one outbox row per enabled
 * registration of the workspace subscribed to the type. The rows commit or roll back with the
 * operation, so an event is never sent for something that did not happen and never lost for
 * something that did; the delivery worker sends them later.
 * While mail is on, the comment events e-mail is about are also written to `mail_events`, for the
 * mail fan-out (server/mail/); mail counts as a subscriber to them.
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

/**
 * The `webhook_registrations` rows that want an event: of the workspace in parameter `workspace`,
 * enabled, subscribed to the type in parameter `type` (as eventTypeParam gives it). `[]` subscribes
 * to every type (docs/api-decisions.md). Writes that skip their transaction when nobody listens
 * (server/model/comment-writes.ts) test the very same condition inside their one statement.
 */
function subscribedWhere(workspace: string, type: string): string {
  return `workspace_id = ${workspace} AND enabled AND deleted_at IS NULL AND (event_types = '[]'::jsonb OR event_types @> ${type}::jsonb)`;
}

const eventTypeParam = (type: WebhookEventType): string => JSON.stringify([type]);

/** The events e-mail notifications are made of (server/mail/fanout.ts reads them). */
export const MAIL_EVENT_TYPES: readonly WebhookEventType[] = ['comment_created', 'comment_reply_created', 'comment_resolved'];
/** Mail is on (the `mail_state` row server/mail/state.ts writes at start). */
const MAIL_ON = 'EXISTS (SELECT 1 FROM mail_state WHERE enabled)';

/** An event a write announces, which it may skip its transaction for while nobody subscribes to it. */
export interface Unsubscribed {
  workspaceId: string;
  type: WebhookEventType;
}

/**
 * `AND NOT EXISTS (a registration subscribed to the event)`, for the gate of a one-statement write
 * (nothing when `unless` is undefined); `add` appends a parameter and answers its placeholder.
 */
export function unsubscribedCondition(
  unless: Unsubscribed | undefined,
  add: (value: unknown) => string,
  /** The statement records its mail event itself (mailEventCte): mail does not send it down the transactional path. */
  mailInStatement = false,
): string {
  if (!unless) return '';
  const mail = MAIL_EVENT_TYPES.includes(unless.type) && !mailInStatement ? ` AND NOT ${MAIL_ON}` : '';
  return `AND NOT EXISTS (SELECT 1 FROM webhook_registrations WHERE ${subscribedWhere(`${add(unless.workspaceId)}::uuid`, add(eventTypeParam(unless.type)))})${mail}`;
}

/**
 * While mail is on, a one-statement write (the one with `unlessSubscribed`) records its mail event
 * itself, in the same statement and so the same transaction: a reference to the thread and the
 * message, which the fan-out reads (server/mail/fanout.ts). The transactional path records the
 * event through recordEvent instead, so the two never both write one. `from` names the CTEs the
 * SQL expressions read.
 */
export function mailEventCte(
  unless: Unsubscribed | undefined,
  sql: { workspace: string; thread: string; message: string; from: string; at: string },
  add: (value: unknown) => string,
): string {
  if (!unless || !MAIL_EVENT_TYPES.includes(unless.type)) return '';
  return `, mail AS (
      INSERT INTO mail_events (id, workspace_id, event_type, payload, occurred_at)
      SELECT gen_random_uuid(), ${sql.workspace}, ${add(unless.type)},
        jsonb_build_object('ref', jsonb_build_object('threadId', ${sql.thread}, 'messageId', ${sql.message})), ${sql.at}
      FROM ${sql.from} WHERE ${MAIL_ON}
    )`;
}

export async function recordEvent<T>(tx: Db, input: RecordEventInput<T>): Promise<RecordedEvent> {
  const targets = await tx.query<{ id: string }>(`SELECT id FROM webhook_registrations WHERE ${subscribedWhere('$1', '$2')} ORDER BY id`, [
    input.workspaceId,
    eventTypeParam(input.type),
  ]);
  const mailed = MAIL_EVENT_TYPES.includes(input.type) && (await tx.query(`SELECT 1 AS enabled FROM mail_state WHERE enabled`)).length > 0;
  if (targets.length === 0 && !mailed) return { eventId: null, deliveries: 0 };
  const data = typeof input.data === 'function' ? await (input.data as () => Promise<T>)() : input.data;
  const eventId = randomUUID();
  const event: WebhookEvent<T> = {
    id: eventId,
    type: input.type,
    timestamp: isoAt(input.occurredAt),
    workspaceId: input.workspaceId,
    data,
  };
  const payload = JSON.stringify(event);
  if (mailed) {
    await tx.query(
      `INSERT INTO mail_events (id, workspace_id, event_type, payload, occurred_at) VALUES ($1, $2, $3, $4::jsonb, $5::timestamptz)`,
      [eventId, input.workspaceId, input.type, JSON.stringify(data), isoAt(input.occurredAt)],
    );
  }
  for (const target of targets) {
    await tx.query(
      `INSERT INTO webhook_deliveries (id, event_id, registration_id, workspace_id, event_type, payload, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $7::timestamptz)`,
      [randomUUID(), eventId, target.id, input.workspaceId, input.type, payload, isoAt(input.occurredAt)],
    );
  }
  return { eventId, deliveries: targets.length };
}
