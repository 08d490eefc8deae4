/**
 * Who is mailed about one event, and why: members of the thread's workspace with an e-mail address,
 * never the person who acted, each for the reasons their settings (settings.ts) let through —
 * mentioned in the message, assignee of the thread, participant (started or answered it), or
 * following every thread. Customer users and guests are not mailed here (the review app links would
 * not open for them). Read in the fan-out's transaction, as the database stands then.
 */
import type { WebhookCommentData } from '../../src/api/wire.ts';
import type { Db } from '../db/db.ts';
import { loadSettings } from './settings.ts';
import type { NotificationSettings } from './wire.ts';

export type MailReason = 'mention' | 'assigned' | 'participating' | 'activity';

const REASON_SETTING: Record<MailReason, keyof NotificationSettings> = {
  mention: 'mentions',
  assigned: 'assigned',
  participating: 'participating',
  activity: 'allThreads',
};

export interface MailEventRow {
  id: string;
  workspace_id: string;
  event_type: string;
  payload: unknown;
  occurred_at: Date;
}

export interface AssignedPayload {
  threadId: string;
  assigneeId: string;
}

export interface Recipient {
  userId: string;
  reasons: MailReason[];
}

/** The thread an event is about. */
export function threadOfEvent(event: MailEventRow): string {
  return event.event_type === 'thread_assigned'
    ? (event.payload as AssignedPayload).threadId
    : (event.payload as WebhookCommentData).thread.id;
}

async function candidateReasons(db: Db, event: MailEventRow): Promise<{ reasons: Map<string, Set<MailReason>>; actor: string | null }> {
  const reasons = new Map<string, Set<MailReason>>();
  const add = (userId: string | null | undefined, reason: MailReason) => {
    if (!userId) return;
    const id = userId.toLowerCase();
    reasons.set(id, (reasons.get(id) ?? new Set()).add(reason));
  };
  if (event.event_type === 'thread_assigned') {
    add((event.payload as AssignedPayload).assigneeId, 'assigned');
    return { reasons, actor: null };
  }
  const data = event.payload as WebhookCommentData;
  for (const id of data.message?.mentionIds ?? []) add(id, 'mention');
  const thread = await db.query<{ assignee_user_id: string | null; author_user_id: string }>(
    'SELECT assignee_user_id, author_user_id FROM threads WHERE id = $1',
    [data.thread.id],
  );
  add(thread[0]?.assignee_user_id, 'assigned');
  add(thread[0]?.author_user_id, 'participating');
  // Participants are the authors of earlier messages (the message's own author is the actor).
  const authors = await db.query<{ author_user_id: string }>(
    data.message
      ? 'SELECT DISTINCT author_user_id FROM messages WHERE thread_id = $1 AND seq < (SELECT seq FROM messages WHERE id = $2)'
      : 'SELECT DISTINCT author_user_id FROM messages WHERE thread_id = $1 AND created_at <= $2::timestamptz',
    [data.thread.id, data.message ? data.message.id : event.occurred_at.toISOString()],
  );
  for (const row of authors) add(row.author_user_id, 'participating');
  return { reasons, actor: data.actor.id.toLowerCase() };
}

export async function recipientsOf(db: Db, event: MailEventRow): Promise<Recipient[]> {
  const { reasons, actor } = await candidateReasons(db, event);
  const members = await db.query<{ id: string }>(
    `SELECT u.id FROM workspace_members wm JOIN users u ON u.id = wm.user_id
     WHERE wm.workspace_id = $1 AND u.deleted_at IS NULL AND u.email IS NOT NULL AND u.email <> '' AND u.kind <> 'service'`,
    [event.workspace_id],
  );
  const memberIds = members.map((row) => row.id).filter((id) => id !== actor);
  const settings = await loadSettings(db, memberIds);
  const recipients: Recipient[] = [];
  for (const userId of memberIds) {
    const wanted = settings.get(userId)!;
    const why = [...(reasons.get(userId) ?? []), ...(event.event_type === 'thread_assigned' ? [] : (['activity'] as const))];
    const allowed = why.filter((reason) => wanted[REASON_SETTING[reason]]);
    if (allowed.length > 0) recipients.push({ userId, reasons: allowed.filter((r) => r !== 'activity' || allowed.length === 1) });
  }
  return recipients;
}
