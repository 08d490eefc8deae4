/**
 * Guest reporters among a fan-out batch's recipients (issue 18; docs/api-decisions.md, "Guest
 * reporting"): the guest who started a thread hears when someone else replies to it or resolves it,
 * unless they unsubscribed (which turns their `participating` off, as for members). One query for the
 * batch's thread authors and one for their settings, whatever the batch's size (recipients.ts).
 */
import type { Db } from '../db/db.ts';
import { loadSettings } from './settings.ts';

const GUEST_EVENTS = new Set(['comment_reply_created', 'comment_resolved']);

/** Answers, per event, the guest reporter to mail (their user id), if any. */
export async function guestReporters(
  db: Db,
  threads: Map<string, { author: string }>,
): Promise<(threadId: string, eventType: string, actor: string | null) => string | undefined> {
  const authors = [...new Set([...threads.values()].map((thread) => thread.author))];
  const rows = await db.query<{ user_id: string }>(
    `SELECT g.user_id FROM guests g JOIN users u ON u.id = g.user_id
     WHERE g.user_id = ANY($1::uuid[]) AND u.deleted_at IS NULL AND u.email IS NOT NULL`,
    [authors],
  );
  const guests = new Set(rows.map((row) => row.user_id));
  const settings = guests.size > 0 ? await loadSettings(db, [...guests]) : new Map();
  return (threadId, eventType, actor) => {
    const author = threads.get(threadId)?.author;
    if (!author || !guests.has(author) || author === actor || !GUEST_EVENTS.has(eventType)) return undefined;
    return settings.get(author)?.participating ? author : undefined;
  };
}
