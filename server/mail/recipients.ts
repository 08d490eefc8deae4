/**
 * Who is mailed about each event of a fan-out batch, and why: members of the thread's workspace with
 * an e-mail address, never the person who acted, each for the reasons their settings (settings.ts)
 * let through — mentioned in the message, assignee of the thread, participant (started or answered
 * it before this event), or following every thread. Customer users are not mailed here (the review
 * app links would not open for them); guest reporters are, with a link of their own (issue 18,
 * guest-recipients.ts). Read in the fan-out's transaction, as the database
 * stands then, with a fixed number of queries per batch whatever its size: the fan-out shares the
 * demo's single PGlite connection with the API's writes, so a query per event would slow the writes.
 */
import type { WebhookCommentData } from '../../src/api/wire.ts';
import type { Db } from '../db/db.ts';
import { loadSettings } from './settings.ts';
import { guestReporters } from './guest-recipients.ts';
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
  /** Who assigned it (migration 0022); absent for an API key and for events recorded before. */
  assignedById?: string | null;
}

export interface Recipient {
  userId: string;
  reasons: MailReason[];
}

/** An author's first message in a thread: they took part before any later event. */
interface FirstMessage {
  author: string;
  firstSeq: number;
  firstAt: Date;
}

/** What the batch's queries found, for working out each event's reasons without another query. */
export interface BatchFacts {
  threads: Map<string, { assignee: string | null; author: string }>;
  /** Per thread: each author's first message (its seq and time), to tell who took part before an event. */
  firstMessages: Map<string, FirstMessage[]>;
  /** The seq of each message an event names. */
  messageSeq: Map<string, number>;
}

/** The thread an event is about. */
export function threadOfEvent(event: MailEventRow): string {
  return event.event_type === 'thread_assigned'
    ? (event.payload as AssignedPayload).threadId
    : (event.payload as WebhookCommentData).thread.id;
}

/** The threads and participants of a batch's events, in two queries. */
export async function loadBatchFacts(db: Db, threadIds: string[], messageSeq: Map<string, number>): Promise<BatchFacts> {
  const threadRows = await db.query<{ id: string; assignee_user_id: string | null; author_user_id: string }>(
    'SELECT id, assignee_user_id, author_user_id FROM threads WHERE id = ANY($1::uuid[])',
    [threadIds],
  );
  const authorRows = await db.query<{ thread_id: string; author_user_id: string; first_seq: number; first_at: Date }>(
    `SELECT thread_id, author_user_id, min(seq) AS first_seq, min(created_at) AS first_at
     FROM messages WHERE thread_id = ANY($1::uuid[]) GROUP BY thread_id, author_user_id`,
    [threadIds],
  );
  const firstMessages = new Map<string, FirstMessage[]>();
  for (const row of authorRows) {
    const list = firstMessages.get(row.thread_id) ?? [];
    list.push({ author: row.author_user_id, firstSeq: Number(row.first_seq), firstAt: new Date(row.first_at) });
    firstMessages.set(row.thread_id, list);
  }
  return {
    threads: new Map(threadRows.map((row) => [row.id, { assignee: row.assignee_user_id, author: row.author_user_id }])),
    firstMessages,
    messageSeq,
  };
}

function candidateReasons(event: MailEventRow, facts: BatchFacts): { reasons: Map<string, Set<MailReason>>; actor: string | null } {
  const reasons = new Map<string, Set<MailReason>>();
  const add = (userId: string | null | undefined, reason: MailReason) => {
    if (!userId) return;
    const id = userId.toLowerCase();
    reasons.set(id, (reasons.get(id) ?? new Set()).add(reason));
  };
  if (event.event_type === 'thread_assigned') {
    const { assigneeId, assignedById } = event.payload as AssignedPayload;
    add(assigneeId, 'assigned');
    // A member who takes a thread themselves is not told so.
    return { reasons, actor: assignedById?.toLowerCase() ?? null };
  }
  const data = event.payload as WebhookCommentData;
  for (const id of data.message?.mentionIds ?? []) add(id, 'mention');
  const thread = facts.threads.get(data.thread.id);
  add(thread?.assignee, 'assigned');
  add(thread?.author, 'participating');
  // Participants are the authors of earlier messages (the message's own author is the actor).
  const seq = data.message ? facts.messageSeq.get(data.message.id) : undefined;
  for (const first of facts.firstMessages.get(data.thread.id) ?? []) {
    const before = data.message ? seq !== undefined && first.firstSeq < seq : first.firstAt.getTime() <= event.occurred_at.getTime();
    if (before) add(first.author, 'participating');
  }
  return { reasons, actor: data.actor.id.toLowerCase() };
}

/** Each event's recipients (by event id), with the members and their settings read once for the batch. */
export async function recipientsOfBatch(db: Db, events: MailEventRow[], facts: BatchFacts): Promise<Map<string, Recipient[]>> {
  const workspaceIds = [...new Set(events.map((event) => event.workspace_id))];
  const memberRows = await db.query<{ workspace_id: string; id: string }>(
    `SELECT wm.workspace_id, u.id FROM workspace_members wm JOIN users u ON u.id = wm.user_id
     WHERE wm.workspace_id = ANY($1::uuid[]) AND u.deleted_at IS NULL AND u.email IS NOT NULL AND u.email <> '' AND u.kind <> 'service'`,
    [workspaceIds],
  );
  const membersOf = new Map<string, string[]>();
  for (const row of memberRows) membersOf.set(row.workspace_id, [...(membersOf.get(row.workspace_id) ?? []), row.id]);
  const settings = await loadSettings(db, [...new Set(memberRows.map((row) => row.id))]);
  // Issue 18: the guest who started a thread hears of replies and of its resolving.
  const guestReporterOf = await guestReporters(db, facts.threads);
  const result = new Map<string, Recipient[]>();
  for (const event of events) {
    const { reasons, actor } = candidateReasons(event, facts);
    const recipients: Recipient[] = [];
    for (const userId of membersOf.get(event.workspace_id) ?? []) {
      if (userId === actor) continue;
      const wanted = settings.get(userId)!;
      const why = [...(reasons.get(userId) ?? []), ...(event.event_type === 'thread_assigned' ? [] : (['activity'] as const))];
      const allowed = why.filter((reason) => wanted[REASON_SETTING[reason]]);
      if (allowed.length > 0) recipients.push({ userId, reasons: allowed.filter((r) => r !== 'activity' || allowed.length === 1) });
    }
    const guest = guestReporterOf(threadOfEvent(event), event.event_type, actor);
    if (guest) recipients.push({ userId: guest, reasons: ['participating'] });
    result.set(event.id, recipients);
  }
  return result;
}
